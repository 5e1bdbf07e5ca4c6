-- The order's journey after payment (issue 45, part 2): each step a paid order has reached, with
-- when, and for a dispatch the courier's tracking reference. A paid order gets its first step
-- ('beingPrepared', or 'waitingForCurrency' for sell back) in the transaction that completes it;
-- staff add the next ones from the staff page (services/fulfilment.ts decides each move). An
-- order reaches each step once (the unique key), so two staff moving it at the same moment cannot
-- both succeed. The order's current step is its latest.
CREATE TABLE fulfilment_steps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  step text NOT NULL CHECK (step IN ('beingPrepared', 'dispatched', 'delivered', 'readyToCollect', 'collected', 'waitingForCurrency', 'received', 'paidOut')),
  at timestamptz NOT NULL,
  reference text,
  CONSTRAINT fulfilment_steps_order_step_key UNIQUE (order_id, step)
);
CREATE INDEX fulfilment_steps_order_at_idx ON fulfilment_steps (order_id, at);

-- Orders already paid start their journey at their first step, from when they were last changed.
INSERT INTO fulfilment_steps (order_id, step, at)
SELECT id, CASE WHEN product_id = 3 THEN 'waitingForCurrency' ELSE 'beingPrepared' END, updated_at
FROM orders
WHERE state = 18 AND cancelled_at IS NULL;
