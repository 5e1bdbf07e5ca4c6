-- Money taken always ends in a completed order or a recorded refund (docs/decisions/012).
-- A payment can be refunded once; the row says why and whether the provider has confirmed it.
CREATE TABLE payment_refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  payment_id uuid NOT NULL UNIQUE REFERENCES payments (id),
  amount_minor bigint NOT NULL,
  reason text NOT NULL,
  -- requested: recorded, the provider not yet told; confirmed: the provider has refunded it
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'confirmed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz
);
CREATE INDEX payment_refunds_requested_idx ON payment_refunds (status) WHERE status = 'requested';

-- The sandbox payment provider's own tables: its payments outlive a restart and are shared by
-- every instance, so a paid or declined card page never takes a second charge and a pending
-- payment finishes once, whichever instance sees it due.
CREATE TABLE psp_payments (
  id text PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('pending', 'succeeded', 'declined', 'failed', 'refunded')),
  amount_minor bigint NOT NULL,
  reference text NOT NULL,
  -- the shop's link, kept so a due pending payment can be finished without the shopper
  link jsonb NOT NULL,
  -- when a pending payment is confirmed by the bank
  due_at timestamptz,
  refund_reason text,
  refunded_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX psp_payments_due_idx ON psp_payments (due_at) WHERE state = 'pending';

-- Every callback the provider owes the shop, until the shop has accepted it.
CREATE TABLE psp_events (
  id text PRIMARY KEY,
  payment_id text NOT NULL REFERENCES psp_payments (id),
  type text NOT NULL,
  body text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX psp_events_undelivered_idx ON psp_events (created_at) WHERE delivered_at IS NULL;
