-- What a shopper who needs it asks before setting out for a branch: can I get in without steps,
-- is there a hearing loop at the counter, are there accessible toilets nearby, and from what time
-- are the orders placed today ready to collect ('HH:mm', London time; null: not published). The
-- branch finder can ask for step-free branches only. A fresh database gets them from the seed
-- (server/db/seed/branches.ts, which a test keeps equal to the list below).

ALTER TABLE stores ADD COLUMN step_free boolean NOT NULL DEFAULT false;
ALTER TABLE stores ADD COLUMN hearing_loop boolean NOT NULL DEFAULT false;
ALTER TABLE stores ADD COLUMN accessible_toilets_nearby boolean NOT NULL DEFAULT false;
ALTER TABLE stores ADD COLUMN orders_ready_from text
  CONSTRAINT stores_orders_ready_from_time CHECK (orders_ready_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');

UPDATE stores SET step_free = v.step_free, hearing_loop = v.hearing_loop,
  accessible_toilets_nearby = v.toilets, orders_ready_from = v.ready
FROM (VALUES
  ('LON01', false, true, true, '12:00'),
  ('LON02', true, true, true, '12:00'),
  ('LON03', true, true, true, '11:00'),
  ('LON04', true, false, true, '13:00'),
  ('LHR05', true, true, true, '10:00'),
  ('MAN01', true, true, false, '14:00'),
  ('MAN02', true, true, true, '10:00'),
  ('BHM01', true, false, true, '13:00'),
  ('LDS01', false, true, true, '14:00'),
  ('SHF01', true, false, false, '14:00'),
  ('LIV01', true, true, true, '13:00'),
  ('NCL01', true, false, true, '14:00'),
  ('BRS01', true, true, true, '14:00'),
  ('CDF01', true, true, false, '14:00'),
  ('SWA01', false, false, false, '15:00'),
  ('GLA01', true, true, true, '13:00'),
  ('EDI01', false, true, true, '14:00'),
  ('ABZ01', false, false, true, '15:00'),
  ('DND01', true, false, false, '15:00'),
  ('INV01', false, false, false, '15:30'),
  ('NTM01', true, true, false, '14:00'),
  ('LEI01', true, false, true, '14:00'),
  ('COV01', true, true, true, '14:00'),
  ('OXF01', false, true, true, '14:00'),
  ('CAM01', false, true, false, '14:00'),
  ('NWI01', true, false, true, '15:00'),
  ('YRK01', false, false, true, '15:00'),
  ('BTN01', true, true, false, '13:00'),
  ('SOU01', true, false, true, '14:00'),
  ('PME01', true, true, true, '14:00'),
  ('EXE01', false, false, true, '15:00'),
  ('PLY01', true, true, true, '14:00'),
  ('BTH01', false, true, true, '14:00'),
  ('RDG01', true, true, true, '13:00'),
  ('MKY01', true, true, true, '13:00'),
  ('HUL01', false, false, false, '15:00'),
  ('CHE01', false, false, true, NULL),
  ('CBY01', true, false, true, '14:00'),
  ('CAX01', true, false, false, '15:00')
) AS v(branch_code, step_free, hearing_loop, toilets, ready)
WHERE stores.branch_code = v.branch_code;
