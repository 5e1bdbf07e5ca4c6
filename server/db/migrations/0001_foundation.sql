-- Catalogue, sites, branches, rates and sessions.

CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE seed_runs (
  name text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE currencies (
  code char(3) PRIMARY KEY,
  plural_name text NOT NULL,
  short_name text NOT NULL,
  symbol text NOT NULL,
  purchase_allowed boolean NOT NULL,
  sell_back_allowed boolean NOT NULL,
  -- the smallest note most branches hand out, in foreign units
  default_increment numeric(12, 3) NOT NULL,
  -- added to the product margin for currencies that cost more to source
  extra_margin numeric(6, 4) NOT NULL DEFAULT 0,
  sort_order integer NOT NULL
);

CREATE TABLE currency_restrictions (
  id serial PRIMARY KEY,
  currency_code char(3) NOT NULL REFERENCES currencies (code),
  message text NOT NULL
);

CREATE TABLE products (
  id integer PRIMARY KEY,
  name text NOT NULL,
  transaction_type text NOT NULL CHECK (transaction_type IN ('sell', 'buy')),
  carts_enabled boolean NOT NULL,
  -- fraction of the mid rate kept by the shop (0.04 = 4%)
  margin numeric(6, 4) NOT NULL,
  -- margin points taken off for a visitor with a loyalty profile
  loyalty_margin_cut numeric(6, 4) NOT NULL
);

CREATE TABLE sites (
  id integer PRIMARY KEY,
  name text NOT NULL,
  is_partner boolean NOT NULL,
  is_site_allowed boolean NOT NULL,
  enable_selling boolean NOT NULL,
  show_marketing_preference boolean NOT NULL,
  show_abta_preference boolean NOT NULL,
  show_buyback_guarantee boolean NOT NULL,
  show_refund_guarantee boolean NOT NULL,
  show_loyalty_cta boolean NOT NULL,
  embedded_mode boolean NOT NULL,
  default_currency char(3) NOT NULL REFERENCES currencies (code),
  max_order_value numeric(12, 2) NOT NULL,
  buyback_minimum numeric(12, 2) NOT NULL,
  default_store_id integer NOT NULL,
  next_url text,
  error_url text,
  abandon_cart_url text
);

CREATE TABLE site_products (
  site_id integer NOT NULL REFERENCES sites (id),
  product_id integer NOT NULL REFERENCES products (id),
  min_spend numeric(12, 2) NOT NULL,
  max_spend numeric(12, 2) NOT NULL,
  PRIMARY KEY (site_id, product_id)
);

CREATE TABLE affiliates (
  code text PRIMARY KEY,
  name text NOT NULL,
  -- share of the margin given up for the affiliate's visitors (0.10 = a tenth)
  margin_discount numeric(6, 4) NOT NULL,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE rate_tiers (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id),
  threshold_gbp numeric(12, 2) NOT NULL,
  margin_cut numeric(6, 4) NOT NULL,
  UNIQUE (product_id, threshold_gbp)
);

-- Mid-market rates: foreign units per GBP 1 on a calendar date.
CREATE TABLE rates (
  currency_code char(3) NOT NULL REFERENCES currencies (code),
  rate_date date NOT NULL,
  mid double precision NOT NULL,
  PRIMARY KEY (currency_code, rate_date)
);

CREATE TABLE stores (
  id integer PRIMARY KEY,
  -- null: every site
  site_id integer REFERENCES sites (id),
  name text NOT NULL,
  brand text NOT NULL,
  brand_name text NOT NULL,
  branch_code text NOT NULL UNIQUE,
  is_meta boolean NOT NULL,
  branch_type text NOT NULL,
  latitude double precision,
  longitude double precision,
  address1 text,
  address2 text,
  address3 text,
  address4 text,
  postcode text NOT NULL,
  opening_time_comment text,
  closed_from date,
  closed_until date
);

-- One row per open weekday (0 = Sunday); a store without rows has no opening times.
CREATE TABLE opening_hours (
  store_id integer NOT NULL REFERENCES stores (id),
  day_of_week smallint NOT NULL CHECK (day_of_week BETWEEN 0 AND 6),
  opens text NOT NULL,
  closes text NOT NULL,
  PRIMARY KEY (store_id, day_of_week)
);

CREATE TABLE store_increments (
  store_id integer NOT NULL REFERENCES stores (id),
  currency_code char(3) NOT NULL REFERENCES currencies (code),
  increment numeric(12, 3) NOT NULL,
  PRIMARY KEY (store_id, currency_code)
);

-- Notes on hand per branch, in whole foreign units.
CREATE TABLE store_stock (
  store_id integer NOT NULL REFERENCES stores (id),
  currency_code char(3) NOT NULL REFERENCES currencies (code),
  units bigint NOT NULL CHECK (units >= 0),
  PRIMARY KEY (store_id, currency_code)
);

CREATE TABLE content_blocks (
  key text PRIMARY KEY,
  body jsonb NOT NULL
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  site_id integer NOT NULL REFERENCES sites (id),
  cart_id uuid,
  order_id uuid,
  has_profile boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Opaque tokens of the old system; each may be exchanged for a session once.
CREATE TABLE legacy_tokens (
  token text PRIMARY KEY,
  has_profile boolean NOT NULL DEFAULT false,
  exchanged_at timestamptz,
  session_id uuid REFERENCES sessions (id)
);
