-- Reference data (catalogue, sites, branches, margins, tiers, increments, content and the mid
-- rates) is served from each API process's memory. Every committed change to it moves this one
-- counter and notifies 'reference_changed', so every process drops its copy before its next read.
-- Stock, sessions, carts and orders are not reference data and are never cached.

CREATE TABLE reference_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version bigint NOT NULL
);
INSERT INTO reference_version (version) VALUES (1);

CREATE FUNCTION reference_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next bigint;
BEGIN
  UPDATE reference_version SET version = version + 1 RETURNING version INTO next;
  -- Delivered when (and only if) the change commits.
  PERFORM pg_notify('reference_changed', next::text);
  RETURN NULL;
END;
$$;

DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY[
    'currencies', 'currency_restrictions', 'products', 'sites', 'site_products', 'affiliates',
    'rate_tiers', 'rates', 'stores', 'opening_hours', 'store_increments', 'content_blocks'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION reference_changed()',
      tbl || '_reference_changed', tbl
    );
  END LOOP;
END $$;
