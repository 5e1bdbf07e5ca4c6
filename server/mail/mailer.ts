/**
 * How the shop sends email: nodemailer over SMTP to SMTP_URL (production), or to the local mail
 * catcher `npm start` runs when none is set (server/mail/catcher.ts).
 */
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * The Message-ID header, the same every time the same email is sent (services/outbox.ts), so
   * a copy sent again after a crash is recognised as the same message.
   */
  messageId?: string;
}

/**
 * How long the SMTP client waits for the server: to connect, for its greeting, and for any answer.
 * Together well under EMAIL_LEASE_SECONDS' default (60 s), so a send ends before its lease does.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS_MS });
  return {
    async send(email) {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.messageId === undefined ? {} : { messageId: email.messageId }),
      });
    },
    close: () => transport.close(),
  };
}
