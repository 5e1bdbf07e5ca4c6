/**
 * The order confirmation email: the same order data the confirmation page shows (its model,
 * domain/order-confirmation.ts), as an HTML part (a simple table layout with inline styles, every
 * value escaped) and a text part. Links are absolute, to the shop's own origin.
 */
import { appPaths } from '#domain/contract/routes.ts';
import { formatMessage, messages, serverMessages } from '#domain/messages.ts';
import type { Confirmation } from '#domain/order-confirmation.ts';
import { payAtBranchServerTexts } from '#domain/texts/pay-at-branch-server.ts';
import { emailHtml, escapeHtml } from './layout.ts';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const escape = escapeHtml;

export function renderOrderConfirmationEmail(confirmation: Confirmation, shop: { appOrigin: string; siteName: string }): RenderedEmail {
  const { summary, fulfilment } = confirmation;
  const subjectTemplate = confirmation.reserved
    ? payAtBranchServerTexts.emailReservedSubject
    : confirmation.sellBack
      ? serverMessages.emailSellBackSubject
      : serverMessages.emailConfirmationSubject;
  const subject = formatMessage(subjectTemplate, { reference: confirmation.reference });
  const greeting = confirmation.customer?.name ? formatMessage(serverMessages.emailGreeting, { name: confirmation.customer.name }) : null;
  const thanks = confirmation.reserved
    ? payAtBranchServerTexts.emailReservedThanks
    : confirmation.sellBack
      ? serverMessages.emailThanksSellBack
      : serverMessages.emailThanks;
  const link = (path: string) => new URL(path, shop.appOrigin).toString();
  const links = [
    { text: serverMessages.emailVisitShop, href: link(appPaths.home) },
    { text: serverMessages.emailManageOrder, href: link(appPaths.manageOrder) },
    { text: serverMessages.emailFindBranch, href: link(appPaths.branches) },
    { text: serverMessages.emailHelp, href: link(appPaths.faq) },
  ];
  const place =
    fulfilment.kind === 'delivery'
      ? [fulfilment.date ?? '', ...fulfilment.address]
      : [fulfilment.branchName, ...(fulfilment.address ?? []), fulfilment.date ?? '', ...(fulfilment.openingTimes?.rows.map((r) => `${r.label}: ${r.hours}`) ?? [])];
  const placeLines = place.filter((l) => l.trim() !== '');

  const text = [
    subject,
    '',
    ...(greeting ? [greeting, ''] : []),
    thanks,
    '',
    `${messages.orderReference}: ${confirmation.reference}`,
    confirmation.date,
    '',
    ...summary.lines.flatMap((l) => [`${l.name}: ${l.amount} at ${l.rate}, ${l.cost}`, ...(l.notes === null ? [] : [`  ${messages.notesLabel}: ${l.notes}`])]),
    ...summary.extras.map((e) => `${e.label}: ${e.amount}`),
    `${summary.totalLabel}: ${summary.total}`,
    '',
    fulfilment.title,
    ...placeLines,
    ...(confirmation.branchEmailDisclaimer ? [confirmation.branchEmailDisclaimer] : []),
    '',
    messages.whatHappensNext,
    ...confirmation.nextSteps.map((s) => `- ${s}`),
    '',
    ...links.map((l) => `${l.text}: ${l.href}`),
    '',
    formatMessage(serverMessages.emailFooter, { site: shop.siteName }),
  ].join('\n');

  const cell = 'padding:6px 8px;border-bottom:1px solid #e3e7ee;';
  const rows = [
    ...summary.lines.map(
      (l) => `<tr><td style="${cell}">${escape(l.name)}${l.notes === null ? '' : `<br><span style="color:#555">${escape(messages.notesLabel)}: ${escape(l.notes)}</span>`}</td><td style="${cell}">${escape(l.amount)}</td><td style="${cell}">${escape(l.rate)}</td><td style="${cell}text-align:right">${escape(l.cost)}</td></tr>`,
    ),
    ...summary.extras.map((e) => `<tr><td style="${cell}" colspan="3">${escape(e.label)}</td><td style="${cell}text-align:right">${escape(e.amount)}</td></tr>`),
    `<tr><td style="${cell}font-weight:bold" colspan="3">${escape(summary.totalLabel)}</td><td style="${cell}text-align:right;font-weight:bold">${escape(summary.total)}</td></tr>`,
  ].join('');
  const html = emailHtml({
    siteName: shop.siteName,
    subject,
    content: `${greeting ? `<p style="margin:0 0 8px">${escape(greeting)}</p>` : ''}
<p style="margin:0 0 16px">${escape(thanks)}</p>
<p style="margin:0 0 16px"><strong>${escape(messages.orderReference)}:</strong> ${escape(confirmation.reference)}<br>${escape(confirmation.date)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>
<h2 style="font-size:16px;margin:16px 0 8px">${escape(fulfilment.title)}</h2>
<p style="margin:0 0 16px">${placeLines.map(escape).join('<br>')}</p>${confirmation.branchEmailDisclaimer ? `
<p style="margin:0 0 16px;color:#555">${escape(confirmation.branchEmailDisclaimer)}</p>` : ''}
<h2 style="font-size:16px;margin:16px 0 8px">${escape(messages.whatHappensNext)}</h2>
<ul style="margin:0 0 16px;padding-left:20px">${confirmation.nextSteps.map((s) => `<li>${escape(s)}</li>`).join('')}</ul>
<p style="margin:0">${links.map((l) => `<a href="${escape(l.href)}" style="color:#1d4ed8">${escape(l.text)}</a>`).join(' &middot; ')}</p>`,
    footer: escape(formatMessage(serverMessages.emailFooter, { site: shop.siteName })),
  });
  return { subject, html, text };
}
