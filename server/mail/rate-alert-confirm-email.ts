/**
 * The first email of a rate alert: it asks the recipient to confirm the alert (double opt-in), so
 * nobody can have the shop email an address that did not ask. Its link opens a page with a
 * button (server/mail/confirm-page.ts) rather than confirming on the GET, as mail scanners open
 * links by themselves.
 */
import { formatMessage, serverMessages } from '#domain/messages.ts';
import { emailButton, emailHtml, escapeHtml } from './layout.ts';
import type { RenderedEmail } from './order-confirmation-email.ts';

export interface RateAlertConfirmEmail {
  siteName: string;
  code: string;
  /** The rate asked for, as the chart shows it. */
  rate: string;
  confirmUrl: string;
  /** Days the link works. */
  days: number;
}

export function renderRateAlertConfirmEmail(email: RateAlertConfirmEmail): RenderedEmail {
  const subject = formatMessage(serverMessages.emailRateAlertConfirmSubject, { code: email.code });
  const body = formatMessage(serverMessages.emailRateAlertConfirmBody, { site: email.siteName, rate: email.rate, code: email.code });
  const cta = serverMessages.emailRateAlertConfirmCta;
  const footer = formatMessage(serverMessages.emailRateAlertConfirmFooter, { days: email.days });
  const text = [subject, '', body, '', `${cta}: ${email.confirmUrl}`, '', footer].join('\n');
  const html = emailHtml({
    siteName: email.siteName,
    subject,
    content: `<p style="margin:0 0 16px">${escapeHtml(body)}</p>
<p style="margin:0">${emailButton(email.confirmUrl, cta)}</p>`,
    footer: escapeHtml(footer),
  });
  return { subject, html, text };
}
