/**
 * The local mail catcher `npm start` runs when no SMTP_URL is set: an SMTP server (smtp-server,
 * no auth, no TLS, for this machine only) that keeps the last messages it received, parsed with
 * mailparser, and a small web inbox beside it: `GET /` lists them, `GET /messages/{id}` shows
 * one, and a JSON API (`GET /api/messages`, `GET /api/messages/{id}`, `DELETE /api/messages`)
 * lets tests read what the shop sent. docs/decisions/022-email-outbox-and-mail-catcher.md.
 *
 * Like a mailbox provider, it keeps one message per Message-ID: a copy sent again (the shop's
 * outbox sends an email again when the process sending it died before recording it sent,
 * docs/decisions/041) is counted on the message already there, not listed twice.
 */
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMessage {
  id: string;
  /** The Message-ID header ('' when the message had none). */
  messageId: string;
  /** How many copies with this Message-ID arrived (1 unless it was sent again). */
  copies: number;
  from: string;
  to: string[];
  subject: string;
  date: string;
  text: string;
  html: string;
  /** Every link of the HTML part, in order. */
  links: string[];
}

export interface MailCatcher {
  /** smtp://127.0.0.1:{port}: what the shop's mailer sends to. */
  smtpUrl: string;
  smtpPort: number;
  /** The inbox and its JSON API. */
  app: Hono;
  messages(): readonly CaughtMessage[];
  clear(): void;
  close(): Promise<void>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The links of an HTML part: every href, entities decoded. */
export function linksOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/gi)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
}

export interface MailCatcherOptions {
  port?: number;
  host?: string;
  keep?: number;
  /**
   * Told of each message once it is kept, before the SMTP client is answered; the answer waits for
   * it (a test holds it to stop the sender mid-send).
   */
  beforeAnswer?: (message: CaughtMessage) => Promise<void>;
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const keep = options.keep ?? 200;
  let caught: CaughtMessage[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'Travel Money mail catcher',
    logger: false,
    onData(stream, _session, callback) {
      // The MIME parser (with its character sets and HTML-to-text) loads with the first message,
      // not with the shop's start.
      import('mailparser')
        .then(({ simpleParser }) => simpleParser(stream))
        .then(async (mail) => {
          const html = typeof mail.html === 'string' ? mail.html : '';
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
          const messageId = mail.messageId ?? '';
          const already = messageId === '' ? undefined : caught.find((m) => m.messageId === messageId);
          let message: CaughtMessage;
          if (already !== undefined) {
            already.copies++;
            message = already;
          } else {
            message = {
              id: randomUUID(),
              messageId,
              copies: 1,
              from: mail.from?.value.map((v) => v.address ?? '').join(', ') ?? '',
              to,
              subject: mail.subject ?? '',
              date: (mail.date ?? new Date()).toISOString(),
              text: mail.text ?? '',
              html,
              links: linksOf(html),
            };
            caught = [message, ...caught].slice(0, keep);
          }
          await options.beforeAnswer?.(message);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (smtp.server.address() as AddressInfo).port;

  const app = new Hono();
  // The inbox's pages are never framed. Its policy says only that: a message is shown as sent
  // (its styles and images) in a sandboxed frame, which inherits the page's policy.
  app.use('*', async (c, next) => {
    await next();
    if (/^text\/html/i.test(c.res.headers.get('Content-Type') ?? '')) {
      c.res.headers.set('Content-Security-Policy', "frame-ancestors 'none'");
      c.res.headers.set('X-Frame-Options', 'DENY');
    }
  });
  const list = () => caught.map(({ html: _html, ...rest }) => rest);
  app.get('/api/messages', (c) => c.json(caught));
  app.get('/api/messages/:id', (c) => {
    const found = caught.find((m) => m.id === c.req.param('id'));
    return found ? c.json(found) : c.json({ title: 'Not found', status: 404 }, 404);
  });
  app.delete('/api/messages', (c) => {
    caught = [];
    return c.body(null, 204);
  });
  app.get('/messages/:id', (c) => {
    const found = caught.find((m) => m.id === c.req.param('id'));
    if (!found) return c.text('There is no such message.', 404);
    // The message as sent, in a sandboxed frame: its HTML never runs in the inbox's origin.
    return c.html(
      `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(found.subject)}</title></head><body style="font-family:sans-serif;margin:1rem">` +
        `<p><a href="/">Inbox</a></p><h1 style="font-size:1.2rem">${escapeHtml(found.subject)}</h1>` +
        `<p>To ${escapeHtml(found.to.join(', '))}, ${escapeHtml(found.date)}</p>` +
        `<iframe title="The message" sandbox="allow-popups allow-popups-to-escape-sandbox" style="width:100%;height:70vh;border:1px solid #ccc" srcdoc="${escapeHtml(found.html)}"></iframe>` +
        `<h2 style="font-size:1rem">Text part</h2><pre style="white-space:pre-wrap">${escapeHtml(found.text)}</pre></body></html>`,
    );
  });
  app.get('/', (c) =>
    c.html(
      `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Inbox: Travel Money mail catcher</title></head><body style="font-family:sans-serif;margin:1rem">` +
        `<h1 style="font-size:1.3rem">Inbox</h1><p>Every email the shop sent since it started (the newest first). SMTP on port ${port}.</p>` +
        (caught.length === 0
          ? '<p>No email yet.</p>'
          : `<table style="border-collapse:collapse"><thead><tr><th style="text-align:left;padding:4px 12px">To</th><th style="text-align:left;padding:4px 12px">Subject</th><th style="text-align:left;padding:4px 12px">Received</th></tr></thead><tbody>${list()
              .map(
                (m) =>
                  `<tr><td style="padding:4px 12px">${escapeHtml(m.to.join(', '))}</td><td style="padding:4px 12px"><a href="/messages/${m.id}">${escapeHtml(m.subject)}</a></td><td style="padding:4px 12px">${escapeHtml(m.date)}</td></tr>`,
              )
              .join('')}</tbody></table>`) +
        '</body></html>',
    ),
  );

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    smtpPort: port,
    app,
    messages: () => caught,
    clear: () => {
      caught = [];
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
