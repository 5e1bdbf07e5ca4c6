-- Reserve now, pay at the branch: when the card provider is unavailable, a click-and-collect order
-- can be reserved (state 5). Its notes are held like a paid order's (stock_taken), and its rate is
-- held until the branch closes on the collection day (expires_at); an unpaid reservation past
-- that is ended by the purge job, which gives its notes back.

ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_state_check;
ALTER TABLE orders ADD CONSTRAINT orders_state_check CHECK (state IN (0, 1, 3, 5, 16, 18));
CREATE INDEX orders_reserved_expiry_idx ON orders (expires_at) WHERE state = 5;
