/**
 * The page a confirmation link opens: a sentence and a button that POSTs back to the same link.
 * Opening the link changes nothing, so a mail scanner that fetches every link of an email cannot
 * confirm for the recipient; only the button does. The page loads nothing and may not be framed.
 */
import { escapeHtml } from './layout.ts';

/** The headers of every page an email's link opens on the API. */
export const EMAIL_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};

/** The form has no action: the button posts to the link itself, query and all, wherever the API is mounted. */
export function confirmPage(text: string, button: string): string {
  const escaped = escapeHtml(text);
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(button)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1b2533;max-width:36rem;margin:2rem auto;padding:0 1rem">
<p>${escaped}</p>
<form method="post"><button type="submit" style="padding:12px 20px;background:#0b2545;color:#ffffff;border:0;border-radius:6px;font-weight:bold;font-size:1rem">${escapeHtml(button)}</button></form>
</body></html>`;
}
