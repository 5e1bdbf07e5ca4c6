/**
 * The emails of manage my order: the order cancelled (with its refund), a click and collect
 * order's new collection date, and a warning that someone kept trying to find the order. HTML (inline styles, every value escaped) and text parts, in the
 * shop's one email frame; a link back to manage my order.
 */
import { formatMessage, serverMessages } from '#domain/messages.ts';
import { emailButton, emailHtml, escapeHtml } from './layout.ts';
import type { RenderedEmail } from './order-confirmation-email.ts';

export interface ChangeEmail {
  siteName: string;
  reference: string;
  /** Absolute address of manage my order. */
  manageUrl: string;
}

/**
 * An email about an order that has been placed: its subject, paragraphs of plain words and a
 * button back to manage my order, in the shop's one frame (the text part says the same). The
 * emails of manage my order and of the order's journey after payment are all written this way.
 */
export function renderOrderNews(email: ChangeEmail, subject: string, paragraphs: string[]): RenderedEmail {
  const footer = formatMessage(serverMessages.emailFooter, { site: email.siteName });
  const text = [subject, '', ...paragraphs.flatMap((p) => [p, '']), `${serverMessages.emailManageOrder}: ${email.manageUrl}`, '', footer].join('\n');
  const html = emailHtml({
    siteName: email.siteName,
    subject,
    content: `${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:0">${emailButton(email.manageUrl, serverMessages.emailManageOrder)}</p>`,
    footer: escapeHtml(footer),
  });
  return { subject, html, text };
}

/** 'Your order TM-000123 is cancelled', with the refund when there was a card payment. */
export function renderOrderCancelledEmail(email: ChangeEmail & { refund: string | null }): RenderedEmail {
  const subject = formatMessage(serverMessages.emailCancelledSubject, { reference: email.reference });
  const paragraphs = [formatMessage(serverMessages.emailCancelledBody, { reference: email.reference })];
  if (email.refund !== null) paragraphs.push(formatMessage(serverMessages.emailCancelledRefund, { amount: email.refund }));
  return renderOrderNews(email, subject, paragraphs);
}

/** 'New collection date for your order TM-000123'. */
export function renderCollectionDateChangedEmail(email: ChangeEmail & { branch: string; date: string }): RenderedEmail {
  const subject = formatMessage(serverMessages.emailDateChangedSubject, { reference: email.reference });
  return renderOrderNews(email, subject, [formatMessage(serverMessages.emailDateChangedBody, { reference: email.reference, branch: email.branch, date: email.date })]);
}

/** 'Someone tried to open your order TM-000123': the order's finds are paused; nothing the guesser gave is repeated. */
export function renderOrderFindLockedEmail(email: ChangeEmail): RenderedEmail {
  const subject = formatMessage(serverMessages.emailFindLockedSubject, { reference: email.reference });
  return renderOrderNews(email, subject, [
    formatMessage(serverMessages.emailFindLockedBody, { reference: email.reference }),
    serverMessages.emailFindLockedIfYou,
    serverMessages.emailFindLockedIfNotYou,
  ]);
}
