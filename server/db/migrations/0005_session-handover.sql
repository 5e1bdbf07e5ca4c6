-- A session can be revoked: its tokens authorise nothing any more. The browser that held it may
-- hand it over once for a new session that keeps its cart and order (docs/decisions/011).
ALTER TABLE sessions ADD COLUMN revoked_at timestamptz;
ALTER TABLE sessions ADD COLUMN replaced_by uuid REFERENCES sessions(id);
