-- A payment the provider has taken but the bank has not confirmed yet (the pending test card).
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('pending', 'processing', 'succeeded', 'declined', 'failed', 'refunded'));
