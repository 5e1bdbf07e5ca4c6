-- The emails the shop sends (order confirmations first), asked for in the same transaction as
-- what they tell of, then written from the order and delivered by the job queue's send-emails
-- job through SMTP. The dedupe key makes each email exist once (an order confirmed twice is
-- confirmed by one email); a row is claimed ('sending') before it goes out, so with several API
-- instances it goes out once. Recipient, subject and parts are kept as sent.

CREATE TABLE emails (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  dedupe_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  recipient text,
  subject text,
  html text,
  text text,
  order_id uuid REFERENCES orders (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX emails_pending ON emails (created_at) WHERE status = 'pending';
