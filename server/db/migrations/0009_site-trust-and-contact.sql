-- What every page of a site shows a shopper to trust it and reach it: the money service business
-- registration with HM Revenue & Customs, and the customer line (the numbers are from Ofcom's range
-- kept for drama, so no real line is ever called). A fresh database gets them from the seed.
ALTER TABLE sites ADD COLUMN hmrc_msb_number text;
ALTER TABLE sites ADD COLUMN support_phone text;
ALTER TABLE sites ADD COLUMN support_hours text;

UPDATE sites SET hmrc_msb_number = 'XVML00000157019', support_phone = '0808 157 0192',
  support_hours = 'Monday to Saturday, 9am to 5.30pm' WHERE id = 1;
UPDATE sites SET hmrc_msb_number = 'XQML00000157034', support_phone = '0808 157 0347',
  support_hours = 'Monday to Friday, 9am to 5pm' WHERE id = 2;
