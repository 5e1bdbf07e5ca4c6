/** A rate alert's email: the rate reached, a link to the currency's chart, and a cancel link. */
import { formatMessage, serverMessages } from '#domain/messages.ts';
import { emailButton, emailHtml, escapeHtml } from './layout.ts';
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

export function renderRateAlertEmail(email: RateAlertEmail): RenderedEmail {
  const subject = formatMessage(serverMessages.emailRateAlertSubject, { rate: email.rate, code: email.code });
  const body = formatMessage(serverMessages.emailRateAlertBody, { target: email.target, code: email.code, date: email.date, rate: email.rate });
  const cta = formatMessage(serverMessages.emailRateAlertCta, { code: email.code });
  const footer = formatMessage(serverMessages.emailRateAlertFooter, { site: email.siteName });
  const text = [subject, '', body, '', `${cta}: ${email.chartUrl}`, '', footer, `${serverMessages.emailRateAlertCancel}: ${email.cancelUrl}`].join('\n');
  const html = emailHtml({
    siteName: email.siteName,
    subject,
    content: `<p style="margin:0 0 16px">${escapeHtml(body)}</p>
<p style="margin:0">${emailButton(email.chartUrl, cta)}</p>`,
    footer: `${escapeHtml(footer)} <a href="${escapeHtml(email.cancelUrl)}" style="color:#5b6778">${escapeHtml(serverMessages.emailRateAlertCancel)}</a>`,
  });
  return { subject, html, text };
}
