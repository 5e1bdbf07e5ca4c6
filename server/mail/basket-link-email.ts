/**
 * The basket link email (spec 4.6's note): the basket's lines, a link that reopens it at the
 * day's rates (GET /api/cart/recreatewebcart through the view-cart page's ?id=), and a one-click
 * opt-out. HTML (inline styles, every value escaped) and text parts, like the confirmation email.
 */
import { formatMessage, serverMessages } from '#domain/messages.ts';
import { emailButton, emailHtml, escapeHtml } from './layout.ts';
import type { RenderedEmail } from './order-confirmation-email.ts';

export interface BasketLinkEmail {
  siteName: string;
  /** The basket's lines as 'EUR 300 (£263.41)'. */
  lines: string[];
  basketUrl: string;
  optOutUrl: string;
}

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
  const html = emailHtml({
    siteName: email.siteName,
    subject,
    content: `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<ul style="margin:0 0 16px;padding-left:20px">${email.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p style="margin:0 0 16px">${emailButton(email.basketUrl, serverMessages.emailBasketCta)}</p>
<p style="margin:0">${escapeHtml(serverMessages.emailBasketRates)}</p>`,
    footer: `${escapeHtml(footer)} <a href="${escapeHtml(email.optOutUrl)}" style="color:#5b6778">${escapeHtml(serverMessages.emailBasketOptOut)}</a>`,
  });
  return { subject, html, text };
}
