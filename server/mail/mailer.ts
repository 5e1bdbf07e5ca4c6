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
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(email) {
      await transport.sendMail({ from, to: email.to, subject: email.subject, html: email.html, text: email.text });
    },
    close: () => transport.close(),
  };
}
