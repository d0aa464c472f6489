import nodemailer from 'nodemailer';
import type { Mailer } from './email.service.ts';

/** Outgoing mail over SMTP (`SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com:465`). */
export function createSmtpMailer(opts: { url: string; from: string }): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(opts.url);
  return {
    async send(message) {
      await transport.sendMail({
        from: opts.from, to: message.to, subject: message.subject, text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.attachments ? { attachments: message.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) } : {}),
      });
    },
    close: () => transport.close(),
  };
}
