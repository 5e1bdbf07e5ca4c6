-- The basket link (spec 4.6's note: "if you enter your email address and don't finish your order,
-- we'll email you a link to your basket"): asked for when the shopper leaves the email field of
-- the details step, sent once after BASKET_EMAIL_DELAY_MINUTES unless the order was paid by then
-- or the address opted out. An email may wait (send_after) and may be called off ('cancelled').

ALTER TABLE emails ADD COLUMN send_after timestamptz;
ALTER TABLE emails DROP CONSTRAINT emails_status_check;
ALTER TABLE emails ADD CONSTRAINT emails_status_check CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'cancelled'));
CREATE INDEX emails_pending_idx ON emails (created_at) WHERE status = 'pending';

-- Addresses that asked for no more emails of a kind (the one-click link in each basket email).
CREATE TABLE email_opt_outs (
  email text NOT NULL,
  kind text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (email, kind)
);
