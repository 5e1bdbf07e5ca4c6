-- Rate limits: one row per limited key (e.g. 'session-create:ip:203.0.113.7'), counting the hits
-- of its current window. Kept in the database so every API instance shares the counters.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  points integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at);

-- Loyalty sign-in codes: short-lived and single-use, so the session token never travels in a URL.
-- Only a hash of each code is kept.
CREATE TABLE loyalty_signin_codes (
  code_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- The purge finds expired carts and idle sessions by these.
CREATE INDEX carts_expires_idx ON carts (expires_at);
CREATE INDEX sessions_updated_idx ON sessions (updated_at);
CREATE INDEX carts_recreated_from_idx ON carts (recreated_from);
CREATE INDEX sessions_replaced_by_idx ON sessions (replaced_by);
