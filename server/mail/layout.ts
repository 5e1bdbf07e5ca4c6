/**
 * What every email of the shop shares: HTML escaping, and the frame (the site's name in a navy
 * band, the subject as the heading, the content, a small footer) in a table layout with inline
 * styles, as mail clients need. Also the plain page an email's link opens on the API.
 */

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface EmailFrame {
  siteName: string;
  /** The subject, as the title and the heading (escaped here). */
  subject: string;
  /** The content under the heading, as HTML (already escaped). */
  content: string;
  /** The footer, as HTML (already escaped). */
  footer: string;
}

export function emailHtml({ siteName, subject, content, footer }: EmailFrame): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f9;font-family:Arial,Helvetica,sans-serif;color:#1b2533">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;background:#0b2545;color:#ffffff;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(siteName)}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1>
${content}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#5b6778">${footer}</td></tr>
</table></td></tr></table>
</body></html>`;
}

/** The email's call to action, as a button. */
export function emailButton(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#0b2545;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(text)}</a>`;
}

/** The page an email's link opens (an opt-out, a cancelled alert): one sentence. */
export function plainPage(text: string): string {
  const escaped = escapeHtml(text);
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escaped}</title></head><body><p>${escaped}</p></body></html>`;
}
