-- Manage my order: a paid order cancelled by its customer keeps its row, with when it was
-- cancelled (its payment refunded, its notes given back to the branch). Found by its reference
-- (orders.external_order_id, already unique).

ALTER TABLE orders ADD COLUMN cancelled_at timestamptz;
