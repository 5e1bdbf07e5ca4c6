-- Carts, orders and payments.

CREATE TABLE carts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id uuid NOT NULL REFERENCES sessions (id),
  site_id integer NOT NULL REFERENCES sites (id),
  store_id integer NOT NULL REFERENCES stores (id),
  product_id integer NOT NULL REFERENCES products (id),
  affiliate_code text,
  buy_back_guarantee boolean,
  refund_guarantee boolean,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'checked_out', 'abandoned')),
  -- the earlier cart this one was recreated from (GET /api/cart/recreatewebcart)
  recreated_from uuid REFERENCES carts (id),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX carts_session_idx ON carts (session_id);

CREATE TABLE cart_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  cart_id uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  currency_code char(3) NOT NULL REFERENCES currencies (code),
  -- foreign amount in minor units of the currency
  qty_minor bigint NOT NULL CHECK (qty_minor > 0),
  rate numeric(20, 8) NOT NULL,
  -- GBP per foreign unit at the line's tier, and the branch's increment it was rounded to
  price numeric(20, 8) NOT NULL,
  increment numeric(12, 3) NOT NULL,
  total_minor bigint NOT NULL CHECK (total_minor >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- the order lines were added in (created_at ties under one clock)
  position bigserial NOT NULL,
  UNIQUE (cart_id, currency_code)
);

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  external_order_id text NOT NULL UNIQUE,
  cart_id uuid NOT NULL UNIQUE REFERENCES carts (id),
  session_id uuid NOT NULL REFERENCES sessions (id),
  site_id integer NOT NULL REFERENCES sites (id),
  store_id integer NOT NULL REFERENCES stores (id),
  product_id integer NOT NULL REFERENCES products (id),
  state integer NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 3, 16, 18)),
  -- lines only; total_minor adds the guarantee fees and the delivery price
  lines_total_minor bigint NOT NULL,
  total_minor bigint NOT NULL,
  lines jsonb NOT NULL,
  delivery_slot jsonb,
  customer jsonb,
  tracking jsonb,
  buy_back_guarantee boolean NOT NULL DEFAULT false,
  refund_guarantee boolean NOT NULL DEFAULT false,
  aml_flag boolean NOT NULL DEFAULT false,
  stock_taken boolean NOT NULL DEFAULT false,
  -- the outcome of the last card payment (paymentAttempt), null before any
  payment_success boolean,
  -- normalised email and date of birth, and when the details were accepted: the velocity and AML history
  customer_key text,
  submitted_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_session_idx ON orders (session_id);
CREATE INDEX orders_customer_idx ON orders (customer_key, submitted_at);

CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id),
  provider_ref text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'declined', 'failed', 'refunded')),
  amount_minor bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_order_idx ON payments (order_id);

CREATE TABLE payment_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_event_id text NOT NULL UNIQUE,
  payment_id uuid NOT NULL REFERENCES payments (id),
  type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
