-- A refund the payment provider refuses (or cannot be reached for) is asked for again with a
-- growing wait between attempts (next_attempt_at), and given up after a cap of attempts
-- ('failed', with one error line in the log): it then needs someone to refund it by hand.

ALTER TABLE payment_refunds ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE payment_refunds ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE payment_refunds ADD COLUMN last_error text;
ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_status_check;
-- failed: refused every time it was asked for; the provider is not asked again.
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_status_check CHECK (status IN ('requested', 'confirmed', 'failed'));
