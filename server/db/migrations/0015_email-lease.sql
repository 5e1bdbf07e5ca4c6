-- An email being sent holds a lease: the instance that claimed it ('sending') has until
-- lease_until to send it and record it sent. A process that dies mid-send (a crash, kill -9)
-- leaves its row 'sending'; once the lease has run out the row goes back to 'pending' and is sent
-- again, with the same Message-ID, so the receiving side recognises the repeat.
-- docs/decisions/041-outbox-survives-a-crash.md.

ALTER TABLE emails ADD COLUMN lease_until timestamptz;
CREATE INDEX emails_sending_lease_idx ON emails (lease_until) WHERE status = 'sending';
