-- "Need more time?" (WCAG 2.2.1 Timing Adjustable): how many times the shopper has extended the
-- cart's hold. Each extension adds the cart's TTL to its expiry (and to its order's, while the
-- order waits for payment); CART_EXTENSION_LIMIT caps how many a cart may have.

ALTER TABLE carts ADD COLUMN extensions integer NOT NULL DEFAULT 0 CHECK (extensions >= 0);
