-- Manage my order: finds counted per reference and per email address (besides the per-address
-- rate limit), so guessing a date of birth from many addresses still stops. One row per key
-- ('reference:<hmac>' or 'email:<hmac>': a keyed hash of what was asked, never the text itself):
-- the attempts of its counting window, until `until`; once the attempts are spent the key is
-- locked (locked, with `until` the end of the lock) and every find naming it answers "not found".
-- Kept in the database so the count survives restarts and holds across API instances.
CREATE TABLE order_find_attempts (
  key text PRIMARY KEY,
  attempts integer NOT NULL,
  locked boolean NOT NULL DEFAULT false,
  until timestamptz NOT NULL
);
CREATE INDEX order_find_attempts_until_idx ON order_find_attempts (until);
