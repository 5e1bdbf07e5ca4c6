-- Whether the marketing opt-in on the customer details page starts ticked (spec 3: a site setting).
ALTER TABLE sites ADD COLUMN marketing_default boolean NOT NULL DEFAULT false;
