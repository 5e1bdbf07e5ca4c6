-- Rate alerts from the chart page: "Email me when 1 GBP buys {rate} {code} or more". Checked after
-- each day's rates arrive against that day's mid rate, sent once (sent_at), cancelled through the
-- signed link in its email (cancelled_at). One waiting alert per address and currency a site:
-- asking again moves its rate.

CREATE TABLE rate_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  site_id integer NOT NULL REFERENCES sites (id),
  email text NOT NULL,
  currency_code text NOT NULL,
  rate double precision NOT NULL CHECK (rate > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  cancelled_at timestamptz
);
CREATE UNIQUE INDEX rate_alerts_waiting ON rate_alerts (site_id, email, currency_code) WHERE sent_at IS NULL AND cancelled_at IS NULL;
