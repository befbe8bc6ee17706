import { join } from 'node:path';
import type { Logger } from '../../logger.ts';
import { createOutboxMailer } from './offline.ts';
import type { MailPort } from './port.ts';
import { createSmtpMailer } from './smtp.ts';

/** SMTP when SMTP_URL is set, else the offline outbox in DATA_DIR/outbox. */
export function createMailPort(
  config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  log: Logger,
): MailPort {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, log);
}
