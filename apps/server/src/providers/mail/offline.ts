import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';
import type { Logger } from '../../logger.ts';
import type { Mail, MailPort } from './port.ts';
import { lazyTransport } from './transport.ts';

const LINK = /https?:\/\/[^\s"<>]+/g;

/**
 * The offline default: each mail becomes an .eml file in DATA_DIR/outbox (open it in any mail client)
 * and the log shows its links, so sign-up and recovery can be clicked through with no mail server.
 */
export function createOutboxMailer(outboxDir: string, fromAddress: string, log: Logger): MailPort {
  const transport = lazyTransport<StreamTransport.SentMessageInfo>({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const shown = relative(process.cwd(), outboxDir);
  const where = shown && !shown.startsWith('..') ? `./${shown}` : outboxDir;
  return {
    adapter: 'outbox',
    offline: true,
    describe: () => `mail: offline outbox at ${where} — set SMTP_URL for real delivery`,
    send: async (mail: Mail) => {
      const info = await (await transport.open()).sendMail({
        from: { name: mail.fromName, address: fromAddress },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message);
      log.info(
        { file, to: mail.to, subject: mail.subject, links: mail.text.match(LINK) ?? [] },
        'mail: written to the offline outbox (not delivered; set SMTP_URL for real delivery)',
      );
    },
    close: async () => transport.close(),
  };
}
