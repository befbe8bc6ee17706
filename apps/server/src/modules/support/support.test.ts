import { randomBytes } from 'node:crypto';
import {
  CONTROL_CHARS_MESSAGE,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGES,
  SUPPORT_REQUESTS_PER_HOUR,
} from '@podruga/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { supportRequests } from '../../db/schema/index.ts';
import { createSmtpMailer } from '../../providers/mail/smtp.ts';
import { useTestApp } from '../../test/app.ts';
import { bearer, expectError, guest, register } from '../../test/http.ts';
import { type LocalSmtp, listenSmtp, plainTextOf } from '../../test/mail.ts';
import { freshAddress, TEST_REDIS_URL, useRedis } from '../../test/redis.ts';

const t = useTestApp();

const REQUEST = { issue_type: 'bug', email: 'anna@mail.ru', message: 'Не открывается чат.\nПомогите!' };

function contact(token: string | null, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/support/contact',
    headers: { ...(token ? bearer(token) : {}), ...headers },
    payload,
  });
}

const rows = () => t.database.db.select().from(supportRequests);

describe('POST /api/support/contact', () => {
  it('answers each rule with the spec’s text, in the spec’s order', async () => {
    const { access_token: token } = await guest(t.app);
    const cases: Array<[object, string]> = [
      [{}, SUPPORT_MESSAGES.issueTypeRequired],
      [
        { issue_type: 'no-such-type', email: 'anna@mail.ru', message: 'x' },
        SUPPORT_MESSAGES.issueTypeRequired,
      ],
      [{ issue_type: 'bug' }, SUPPORT_MESSAGES.emailRequired],
      [{ issue_type: 'bug', email: '   ' }, SUPPORT_MESSAGES.emailRequired],
      [{ issue_type: 'bug', email: 'anna@' }, SUPPORT_MESSAGES.emailInvalid],
      [{ issue_type: 'bug', email: 'anna@mail.ru' }, SUPPORT_MESSAGES.messageRequired],
      [{ issue_type: 'bug', email: 'anna@mail.ru', message: ' \n ' }, SUPPORT_MESSAGES.messageRequired],
      [
        { issue_type: 'bug', email: 'anna@mail.ru', message: 'a'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1) },
        SUPPORT_MESSAGES.messageTooLong,
      ],
      // Junk far over every size gets the same texts, not a framework's.
      [
        { issue_type: 'x'.repeat(300), email: 'anna@mail.ru', message: 'x' },
        SUPPORT_MESSAGES.issueTypeRequired,
      ],
      [
        { issue_type: 'bug', email: `${'a'.repeat(2000)}@mail.ru`, message: 'x' },
        SUPPORT_MESSAGES.emailInvalid,
      ],
      [
        { issue_type: 'bug', email: 'anna@mail.ru', message: 'a'.repeat(60_000) },
        SUPPORT_MESSAGES.messageTooLong,
      ],
      [{ issue_type: 42, email: 'anna@mail.ru', message: 'x' }, SUPPORT_MESSAGES.issueTypeRequired],
    ];
    for (const [payload, detail] of cases) {
      expectError(await contact(token, payload), 400, 'validation_failed', detail);
    }
    expect(SUPPORT_MESSAGES.messageTooLong).toContain(String(SUPPORT_MESSAGE_MAX_LENGTH));
    expect(await rows()).toEqual([]);
  });

  it('refuses control characters: none in the address or the type, line breaks only in the message', async () => {
    const { access_token: token } = await guest(t.app);
    for (const payload of [
      { ...REQUEST, message: 'привет\u0000' },
      { ...REQUEST, message: 'обычный текст \u202e наоборот' },
      { ...REQUEST, email: 'anna@mail.ru\n' },
      { ...REQUEST, issue_type: 'bug\r\nBcc: x@evil.ru' },
    ]) {
      expectError(await contact(token, payload), 400, 'invalid_characters', CONTROL_CHARS_MESSAGE);
    }
    expect(await rows()).toEqual([]);
  });

  it('needs a session', async () => {
    expectError(await contact(null, REQUEST), 401, 'unauthorized');
  });

  it('stores a guest’s request before answering and mails it to the brand’s support address', async () => {
    const { access_token: token, user_id: userId } = await guest(t.app);
    const res = await contact(token, { ...REQUEST, email: '  anna@mail.ru ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    const [row] = await rows();
    expect(row).toMatchObject({
      userId: userId,
      issueType: 'bug',
      email: 'anna@mail.ru',
      message: REQUEST.message,
      brand: 'podruga',
    });

    await t.app.jobs.idle();
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0];
    expect(mail).toMatchObject({
      to: 'support@podruga.app',
      replyTo: 'anna@mail.ru',
      subject: 'Обращение в поддержку: Сообщение об ошибке — Podruga',
    });
    expect(mail?.text).toContain(`Пользователь: ${userId}`);
    expect(mail?.text).toContain('Тариф: гость (guest)');
    expect(mail?.text).toContain(`Сообщение:\n${REQUEST.message}`);
    const [mailed] = await rows();
    expect(mailed?.mailedAt).toBeInstanceOf(Date);
  });

  it('takes the spec’s label as the type too, and names a registered user’s account and tier', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    const res = await contact(token, { ...REQUEST, issue_type: 'Больше грязи (увеличение лимитов)' });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.idle();
    const [row] = await rows();
    expect(row?.issueType).toBe('limits');
    const text = t.mailer.sent.find((m) => m.to === 'support@podruga.app')?.text ?? '';
    expect(text).toContain('Тип: Больше грязи (увеличение лимитов)');
    expect(text).toContain(`Пользователь: ${userId}`);
    expect(text).toContain('Аккаунт: anna@mail.ru, не подтверждена');
    expect(text).toContain('Тариф: бесплатный (эл. почта не подтверждена) (free)');
  });

  it('mails the request to the support address of the brand it came through', async () => {
    const { access_token: token } = await guest(t.app);
    const res = await contact(token, REQUEST, { host: 'milaya.app' });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.idle();
    expect((await rows())[0]?.brand).toBe('milaya');
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['support@milaya.app']);
    expect(t.mailer.sent[0]?.fromName).toBe('Milaya — поддержка');
  });

  it(`allows ${SUPPORT_REQUESTS_PER_HOUR} requests an hour per user, then a Russian 429 with the address`, async () => {
    const { access_token: token } = await guest(t.app);
    for (let i = 0; i < SUPPORT_REQUESTS_PER_HOUR; i++) {
      const res = await contact(token, { ...REQUEST, email: `user${i}@mail.ru` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await contact(token, { ...REQUEST, email: 'other@mail.ru' });
    expectError(
      refused,
      429,
      'rate_limited',
      SUPPORT_MESSAGES.tooMany.replace('{email}', 'support@podruga.app'),
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rows()).toHaveLength(SUPPORT_REQUESTS_PER_HOUR);
  });

  it('counts per reply-to address too, across sessions', async () => {
    for (let i = 0; i < SUPPORT_REQUESTS_PER_HOUR; i++) {
      const { access_token: token } = await guest(t.app, `10.0.1.${i}`);
      expect((await contact(token, { ...REQUEST, email: 'Anna@Mail.ru' })).statusCode).toBe(200);
    }
    const { access_token: token } = await guest(t.app, '10.0.2.1');
    expectError(await contact(token, REQUEST), 429, 'rate_limited');
    expect(await rows()).toHaveLength(SUPPORT_REQUESTS_PER_HOUR);
  });

  it('invalid requests do not use up the allowance', async () => {
    const { access_token: token } = await guest(t.app);
    for (let i = 0; i < SUPPORT_REQUESTS_PER_HOUR + 2; i++) {
      expect((await contact(token, { ...REQUEST, message: '' })).statusCode).toBe(400);
    }
    expect((await contact(token, REQUEST)).statusCode).toBe(200);
  });

  it('queues again at start what a stopped process left unmailed, and mails a request once', async () => {
    const { user_id: userId } = await guest(t.app);
    const [stored] = await t.database.db
      .insert(supportRequests)
      .values({
        userId: userId,
        issueType: 'other',
        email: 'anna@mail.ru',
        message: 'Потерялось?',
        brand: 'podruga',
      })
      .returning();
    await t.app.support.resume();
    await t.app.jobs.idle();
    await t.app.support.resume();
    await t.app.support.mail(stored?.id ?? '');
    await t.app.jobs.idle();
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]?.text).toContain('Потерялось?');
  });
});

describe('on BullMQ', () => {
  const redisUp = useRedis('the support mail job on BullMQ');

  it('stores and mails through BullMQ when REDIS_URL is set (real Redis)', async (ctx) => {
    if (!redisUp()) ctx.skip();
    // Counters of its own too: the per-address count lives in Redis for an hour.
    await t.rebuild({
      env: { REDIS_URL: TEST_REDIS_URL },
      deps: { counterPrefix: `test-support-${randomBytes(4).toString('hex')}:` },
    });
    expect(t.app.jobs.adapter).toBe('bullmq');
    const { access_token: token } = await guest(t.app, freshAddress());
    expect((await contact(token, REQUEST)).statusCode).toBe(200);
    await t.app.jobs.idle();
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['support@podruga.app']);
    expect((await rows())[0]?.mailedAt).toBeInstanceOf(Date);
  });
});

describe('support mail over SMTP', () => {
  let smtp: LocalSmtp | undefined;
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  it('delivers to the brand’s address with Reply-To, retrying while the mail server fails', async () => {
    smtp = await listenSmtp();
    const delays: number[] = [];
    const retries: Array<() => void> = [];
    await t.rebuild({
      deps: {
        mailer: createSmtpMailer(smtp.url, 'no-reply@podruga.app'),
        jobs: {
          schedule: (ms, retry) => {
            delays.push(ms);
            retries.push(retry);
          },
        },
      },
    });
    const { access_token: token, user_id: userId } = await register(t.app);
    await t.app.mail.drain();
    smtp.received.length = 0;
    smtp.failNext(2);

    const res = await contact(token, REQUEST);
    expect(res.statusCode, res.body).toBe(200);
    // The first try failed: the request is kept, not mailed, and a retry is waiting.
    await vi.waitFor(() => expect(retries).toHaveLength(1));
    expect((await rows())[0]?.mailedAt).toBeNull();
    retries.shift()?.();
    await vi.waitFor(() => expect(retries).toHaveLength(1));
    retries.shift()?.();
    await t.app.jobs.idle();

    expect(delays).toEqual([30_000, 60_000]);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['support@podruga.app']);
    expect(mail?.from).toBe('no-reply@podruga.app');
    expect(mail?.raw).toMatch(/^Reply-To: anna@mail\.ru$/m);
    const text = plainTextOf(mail?.raw ?? '');
    expect(text).toContain(`Пользователь: ${userId}`);
    expect(text).toContain(REQUEST.message);
    const [row] = await t.database.db
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.userId, userId));
    expect(row?.mailedAt).toBeInstanceOf(Date);
  });
});
