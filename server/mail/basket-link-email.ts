/**
 * The basket link email (spec 4.6's note): the basket's lines, a link that reopens it at the
 * day's rates (GET /api/cart/recreatewebcart through the view-cart page's ?id=), and a one-click
 * opt-out. HTML (inline styles, every value escaped) and text parts, like the confirmation email.
 */
import { formatMessage, serverMessages } from '#domain/messages.ts';
import type { RenderedEmail } from './order-confirmation-email.ts';

export interface BasketLinkEmail {
  siteName: string;
  /** The basket's lines as 'EUR 300 (£263.41)'. */
  lines: string[];
  basketUrl: string;
  optOutUrl: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function renderBasketLinkEmail(email: BasketLinkEmail): RenderedEmail {
  const subject = serverMessages.emailBasketSubject;
  const intro = formatMessage(serverMessages.emailBasketIntro, { site: email.siteName });
  const footer = formatMessage(serverMessages.emailBasketFooter, { site: email.siteName });
  const text = [
    subject,
    '',
    intro,
    '',
    ...email.lines.map((l) => `- ${l}`),
    '',
    `${serverMessages.emailBasketCta}: ${email.basketUrl}`,
    serverMessages.emailBasketRates,
    '',
    footer,
    `${serverMessages.emailBasketOptOut}: ${email.optOutUrl}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f9;font-family:Arial,Helvetica,sans-serif;color:#1b2533">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;background:#0b2545;color:#ffffff;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escape(email.siteName)}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escape(subject)}</h1>
<p style="margin:0 0 16px">${escape(intro)}</p>
<ul style="margin:0 0 16px;padding-left:20px">${email.lines.map((l) => `<li>${escape(l)}</li>`).join('')}</ul>
<p style="margin:0 0 16px"><a href="${escape(email.basketUrl)}" style="display:inline-block;padding:12px 20px;background:#0b2545;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escape(serverMessages.emailBasketCta)}</a></p>
<p style="margin:0">${escape(serverMessages.emailBasketRates)}</p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#5b6778">${escape(footer)} <a href="${escape(email.optOutUrl)}" style="color:#5b6778">${escape(serverMessages.emailBasketOptOut)}</a></td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject, html, text };
}
