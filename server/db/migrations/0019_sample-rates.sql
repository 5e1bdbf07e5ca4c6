-- The bundled rate history the demo is seeded with is sample data, not rates the shop has
-- published: each of its rows says so (sample), the demo keeps it ending on the last working day
-- (server/services/sample-rates.ts), and the first real import replaces it
-- (server/services/daily-rates.ts). docs/decisions/045-sample-rates-and-stale-rates.md.

ALTER TABLE rates ADD COLUMN sample boolean NOT NULL DEFAULT false;

-- A database seeded before this migration holds only the bundled history (it ends on 3 January
-- 2025) until a first import: then all of it is the sample. After an import it is left alone.
UPDATE rates SET sample = true
WHERE EXISTS (SELECT 1 FROM seed_runs)
  AND NOT EXISTS (SELECT 1 FROM rates WHERE rate_date > DATE '2025-01-03');

-- The start's one read: the sample's last day.
CREATE INDEX rates_sample_date ON rates (rate_date) WHERE sample;
