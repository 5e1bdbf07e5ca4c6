-- The notes you want (issue 45 part 3): each branch's and delivery centre's notes of euros and US
-- dollars, counted note by note, which exact choices are checked against and taken from; and each
-- cart line's choice (null: mixed notes). An order line keeps its choice in orders.lines.
-- A fresh database gets the notes from the seed (server/db/seed/index.ts, noteRows: the same
-- shares of each store's units as below); an existing one gets them from its stock here.

CREATE TABLE store_notes (
  store_id integer NOT NULL REFERENCES stores (id),
  currency_code char(3) NOT NULL REFERENCES currencies (code),
  denomination integer NOT NULL CHECK (denomination > 0),
  count bigint NOT NULL CHECK (count >= 0),
  PRIMARY KEY (store_id, currency_code, denomination)
);

ALTER TABLE cart_lines ADD COLUMN notes jsonb;

-- Percent of a store's units held in each note (domain/note-mix.ts, NOTE_SHARES).
INSERT INTO store_notes (store_id, currency_code, denomination, count)
SELECT s.store_id, s.currency_code, d.denomination, (s.units * d.percent) / (100 * d.denomination)
FROM store_stock s
JOIN (VALUES
  ('EUR', 5, 5), ('EUR', 10, 15), ('EUR', 20, 25), ('EUR', 50, 35), ('EUR', 100, 15), ('EUR', 200, 5),
  ('USD', 1, 2), ('USD', 5, 8), ('USD', 10, 15), ('USD', 20, 30), ('USD', 50, 25), ('USD', 100, 20)
) AS d(currency_code, denomination, percent) ON d.currency_code = s.currency_code
ON CONFLICT DO NOTHING;
