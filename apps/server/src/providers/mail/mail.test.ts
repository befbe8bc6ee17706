import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../logger.ts';
import { type LocalSmtp, listenSmtp, plainTextOf } from '../../test/mail.ts';
import { MailDispatcher } from './dispatcher.ts';
import { createOutboxMailer } from './offline.ts';
import type { Mail, MailPort } from './port.ts';
import { createSmtpMailer } from './smtp.ts';

const mail: Mail = {
  to: 'anna@mail.ru',
  subject: 'Подтвердите эл. почту',
  text: 'Привет!\n\nСсылка: http://localhost:8080/verify-email?token=abc\n',
  html: '<p>Привет!</p>',
  fromName: 'Podruga',
};

type LogFn = Logger['info'];
const logger = () => ({ info: vi.fn<LogFn>(), warn: vi.fn<LogFn>(), error: vi.fn<LogFn>() });

let smtp: LocalSmtp | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

describe('SMTP adapter', () => {
  it('delivers to a real SMTP server', async () => {
    smtp = await listenSmtp();
    const { received } = smtp;
    const port = new URL(smtp.url).port;

    const mailer = createSmtpMailer(smtp.url, 'no-reply@podruga.app');
    expect(mailer).toMatchObject({ adapter: 'smtp', offline: false });
    expect(mailer.describe()).toBe(`mail: SMTP via 127.0.0.1:${port}`);
    await mailer.send(mail);
    await mailer.close();

    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('no-reply@podruga.app');
    expect(received[0]?.to).toEqual(['anna@mail.ru']);
    expect(plainTextOf(received[0]?.raw ?? '')).toContain('verify-email?token=abc');
  });

  it('rejects when the server cannot be reached', async () => {
    const mailer = createSmtpMailer('smtp://127.0.0.1:1', 'no-reply@podruga.app');
    await expect(mailer.send(mail)).rejects.toThrow();
    await mailer.close();
  });
});

describe('offline outbox adapter', () => {
  it('writes an .eml file and logs its path and links', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'podruga-outbox-')), 'outbox');
    const log = logger();
    const mailer = createOutboxMailer(dir, 'no-reply@podruga.app', log);
    expect(mailer).toMatchObject({ adapter: 'outbox', offline: true });
    expect(mailer.describe()).toContain('offline outbox');
    expect(mailer.describe()).toContain('set SMTP_URL for real delivery');

    await mailer.send(mail);

    const [file] = await readdir(dir);
    expect(file).toMatch(/\.eml$/);
    const raw = await readFile(join(dir, file ?? ''), 'utf8');
    expect(raw).toMatch(/^From: Podruga <no-reply@podruga\.app>/m);
    expect(plainTextOf(raw)).toBe(mail.text);
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({
        file: join(dir, file ?? ''),
        links: ['http://localhost:8080/verify-email?token=abc'],
      }),
      expect.stringContaining('offline outbox'),
    );
  });
});

describe('MailDispatcher', () => {
  it('does not make the caller wait, logs failures, and drain() waits for everything in flight', async () => {
    let release: () => void = () => {};
    const sent: string[] = [];
    const port: MailPort = {
      adapter: 'fake',
      offline: true,
      describe: () => 'fake',
      send: async (m) => {
        if (m.to === 'broken@mail.ru') throw new Error('mailbox unavailable');
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        sent.push(m.to);
      },
      close: async () => {},
    };
    const log = logger();
    const dispatcher = new MailDispatcher(port, log);

    dispatcher.dispatch(mail);
    dispatcher.dispatch({ ...mail, to: 'broken@mail.ru' });
    expect(sent).toEqual([]);

    const drained = dispatcher.drain();
    release();
    await drained;
    expect(sent).toEqual(['anna@mail.ru']);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'broken@mail.ru' }),
      'mail: sending failed',
    );
  });
});
