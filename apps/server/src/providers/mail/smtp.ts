import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Mail, MailPort } from './port.ts';
import { lazyTransport } from './transport.ts';

/** Real delivery through the SMTP server in SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(smtpUrl: string, fromAddress: string): MailPort {
  const transport = lazyTransport<SMTPTransport.SentMessageInfo>(smtpUrl);
  const server = new URL(smtpUrl);
  return {
    adapter: 'smtp',
    offline: false,
    describe: () => `mail: SMTP via ${server.hostname}:${server.port || 'default port'}`,
    send: async (mail: Mail) => {
      await (await transport.open()).sendMail({
        from: { name: mail.fromName, address: fromAddress },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
    },
    close: async () => transport.close(),
  };
}
