-- Rate alerts are double opt-in: a new alert waits unconfirmed until its recipient confirms it by
-- the signed link of a first email (confirmed_at); only confirmed alerts are checked against the
-- day's rates. confirmation_sent_at is when that email was last asked for. An alert nobody
-- confirmed is removed by the purge once its confirmation time has passed. Alerts set before
-- this were never confirmed by their recipients, so they too wait for a confirmation that cannot
-- come and are removed.

ALTER TABLE rate_alerts ADD COLUMN confirmed_at timestamptz;
ALTER TABLE rate_alerts ADD COLUMN confirmation_sent_at timestamptz;
CREATE INDEX rate_alerts_unconfirmed ON rate_alerts (email, created_at) WHERE confirmed_at IS NULL AND sent_at IS NULL AND cancelled_at IS NULL;
CREATE INDEX rate_alerts_confirmed_waiting ON rate_alerts (created_at) WHERE confirmed_at IS NOT NULL AND sent_at IS NULL AND cancelled_at IS NULL;
