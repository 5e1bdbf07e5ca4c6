/** A rate alert's email: the rate reached, a link to the currency's chart, and a cancel link. */
import { formatMessage, serverMessages } from '#domain/messages.ts';
import type { RenderedEmail } from './order-confirmation-email.ts';

export interface RateAlertEmail {
  siteName: string;
  code: string;
  /** The rate asked for and the day's mid rate, as the chart shows them. */
  target: string;
  rate: string;
  date: string;
  chartUrl: string;
  cancelUrl: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function renderRateAlertEmail(email: RateAlertEmail): RenderedEmail {
  const subject = formatMessage(serverMessages.emailRateAlertSubject, { rate: email.rate, code: email.code });
  const body = formatMessage(serverMessages.emailRateAlertBody, { target: email.target, code: email.code, date: email.date, rate: email.rate });
  const cta = formatMessage(serverMessages.emailRateAlertCta, { code: email.code });
  const footer = formatMessage(serverMessages.emailRateAlertFooter, { site: email.siteName });
  const text = [subject, '', body, '', `${cta}: ${email.chartUrl}`, '', footer, `${serverMessages.emailRateAlertCancel}: ${email.cancelUrl}`].join('\n');
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f9;font-family:Arial,Helvetica,sans-serif;color:#1b2533">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;background:#0b2545;color:#ffffff;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escape(email.siteName)}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escape(subject)}</h1>
<p style="margin:0 0 16px">${escape(body)}</p>
<p style="margin:0"><a href="${escape(email.chartUrl)}" style="display:inline-block;padding:12px 20px;background:#0b2545;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escape(cta)}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#5b6778">${escape(footer)} <a href="${escape(email.cancelUrl)}" style="color:#5b6778">${escape(serverMessages.emailRateAlertCancel)}</a></td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject, html, text };
}
