import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AUTH_MESSAGES,
  EMAIL_VERIFICATION_TTL_S,
  PASSWORD_RESET_TTL_S,
  SERVER_MESSAGES,
  type ValidateResponse,
} from '@podruga/shared';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { findUser } from '../../test/factories.ts';
import { ACCOUNT, bearer, expectError, form, guest, linkToken, register } from '../../test/http.ts';
import { plainTextOf } from '../../test/mail.ts';

const t = useTestApp();

const post = (url: string, payload?: object, token?: string, extra: { remoteAddress?: string } = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {}, ...extra });

/** The newest mail, once everything in flight has been sent. */
async function lastMail() {
  await t.app.mail.drain();
  return t.mailer.sent.at(-1);
}

const loginStatus = async (username: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/token', ...form({ username, password }) }))
    .statusCode;

describe('forgot and reset password', () => {
  beforeEach(async () => {
    await register(t.app);
    t.mailer.sent.length = 0;
  });

  it('mails a single-use reset link to a registered address', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'Anna@mail.ru' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SERVER_MESSAGES.recoveryGeneric });
    const mail = await lastMail();
    expect(mail?.to).toBe('anna@mail.ru');
    expect(mail?.subject).toContain('Восстановление пароля');
    expect(mail?.text).toContain('http://localhost:80/reset-password?token=');
  });

  it('answers the same for an unknown address and sends nothing (no account enumeration)', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'nobody@mail.ru' });
    expect(res.json()).toEqual({ success: true, message: SERVER_MESSAGES.recoveryGeneric });
    await t.app.mail.drain();
    expect(t.mailer.sent).toEqual([]);
  });

  it('validates the address with the recovery texts', async () => {
    expectError(
      await post('/api/auth/forgot-password', { email: '' }),
      400,
      'validation_failed',
      AUTH_MESSAGES.recoveryEmailRequired,
    );
    expectError(
      await post('/api/auth/forgot-password', { email: 'anna@' }),
      400,
      'validation_failed',
      AUTH_MESSAGES.recoveryEmailInvalid,
    );
  });

  it('allows five requests per address and client per 15 minutes', async () => {
    const ask = (email: string) =>
      post('/api/auth/forgot-password', { email }, undefined, { remoteAddress: '192.0.2.1' });
    for (let i = 0; i < 5; i++) expect((await ask(ACCOUNT.email)).statusCode).toBe(200);
    expectError(await ask(ACCOUNT.email), 429, 'rate_limited', AUTH_MESSAGES.recoveryTooMany);
    expect((await ask('other@mail.ru')).statusCode).toBe(200);
  });

  it('never puts a forged host into the link', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: ACCOUNT.email },
      headers: { host: 'evil.example' },
    });
    expect((await lastMail())?.text).toContain('http://localhost:8080/reset-password?token=');
  });

  it('sets the new password once, ends old sessions and confirms the address', async () => {
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...form({ username: ACCOUNT.email, password: ACCOUNT.password }),
    });
    const oldToken = old.json<{ access_token: string }>().access_token;
    await post('/api/auth/forgot-password', { email: ACCOUNT.email });
    const token = linkToken(await lastMail());

    const res = await post('/api/auth/reset-password', { token, new_password: 'new-secret-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SERVER_MESSAGES.resetDone });

    expect(await loginStatus(ACCOUNT.email, 'new-secret-1')).toBe(200);
    expect(await loginStatus(ACCOUNT.email, ACCOUNT.password)).toBe(401);
    const validate = await t.app.inject({
      method: 'GET',
      url: '/api/auth/validate',
      headers: bearer(oldToken),
    });
    expectError(validate, 401, 'token_expired');
    const row = await t.database.db.select().from(users).where(eq(users.email, ACCOUNT.email));
    expect(row[0]?.emailVerified).toBe(true);

    const again = await post('/api/auth/reset-password', { token, new_password: 'new-secret-2' });
    expectError(again, 400, 'token_invalid', SERVER_MESSAGES.tokenInvalid);
  });

  it('retires earlier reset links once one is used', async () => {
    await post('/api/auth/forgot-password', { email: ACCOUNT.email });
    const first = linkToken(await lastMail());
    await post('/api/auth/forgot-password', { email: ACCOUNT.email });
    const second = linkToken(await lastMail());
    expect(
      (await post('/api/auth/reset-password', { token: second, new_password: 'new-secret-1' })).statusCode,
    ).toBe(200);
    expectError(
      await post('/api/auth/reset-password', { token: first, new_password: 'new-secret-2' }),
      400,
      'token_invalid',
    );
  });

  it('refuses an expired link', async () => {
    await post('/api/auth/forgot-password', { email: ACCOUNT.email });
    const token = linkToken(await lastMail());
    t.clock.advanceSeconds(PASSWORD_RESET_TTL_S + 1);
    expectError(
      await post('/api/auth/reset-password', { token, new_password: 'new-secret-1' }),
      400,
      'token_invalid',
    );
  });

  it('checks the new password and the token', async () => {
    await post('/api/auth/forgot-password', { email: ACCOUNT.email });
    const token = linkToken(await lastMail());
    expectError(
      await post('/api/auth/reset-password', { token, new_password: 'short' }),
      400,
      'validation_failed',
      AUTH_MESSAGES.passwordTooShort,
    );
    expectError(
      await post('/api/auth/reset-password', { token: 'made-up', new_password: 'new-secret-1' }),
      400,
      'token_invalid',
    );
    expectError(
      await post('/api/auth/reset-password', { new_password: 'new-secret-1' }),
      400,
      'validation_failed',
    );
  });
});

describe('e-mail verification', () => {
  it('confirms the address once; the status follows', async () => {
    const session = await register(t.app);
    const status = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/verification-status',
        headers: bearer(session.access_token),
      });
    expect((await status()).json()).toEqual({ email_verified: false });

    const token = linkToken(await lastMail());
    const res = await post('/api/auth/verify-email', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: SERVER_MESSAGES.emailVerified,
      email_verified: true,
    });
    expect((await status()).json()).toEqual({ email_verified: true });
    expectError(
      await post('/api/auth/verify-email', { token }),
      400,
      'token_invalid',
      SERVER_MESSAGES.tokenInvalid,
    );
  });

  it('refuses an expired link', async () => {
    await register(t.app);
    const token = linkToken(await lastMail());
    t.clock.advanceSeconds(EMAIL_VERIFICATION_TTL_S + 1);
    expectError(await post('/api/auth/verify-email', { token }), 400, 'token_invalid');
  });

  it('resends a new link and retires the previous one', async () => {
    const session = await register(t.app);
    const first = linkToken(await lastMail());
    const res = await post('/api/auth/resend-verification', undefined, session.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.resendOk });
    const second = linkToken(await lastMail());
    expect(second).not.toBe(first);
    expectError(await post('/api/auth/verify-email', { token: first }), 400, 'token_invalid');
    expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
  });

  it('refuses to resend for a guest or a verified address, and limits resending', async () => {
    const g = await guest(t.app);
    expectError(
      await post('/api/auth/resend-verification', undefined, g.access_token),
      403,
      'forbidden',
      SERVER_MESSAGES.guestNotAllowed,
    );
    expectError(await post('/api/auth/resend-verification'), 401, 'unauthorized');

    const session = await register(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/auth/resend-verification', undefined, session.access_token)).statusCode).toBe(
        200,
      );
    }
    expectError(
      await post('/api/auth/resend-verification', undefined, session.access_token),
      429,
      'rate_limited',
    );

    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, session.user_id));
    await t.rebuild();
    expectError(
      await post('/api/auth/resend-verification', undefined, session.access_token),
      400,
      'validation_failed',
      SERVER_MESSAGES.alreadyVerified,
    );
  });

  it('needs a session for the status', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/auth/verification-status' }),
      401,
      'unauthorized',
    );
  });
});

describe('POST /api/auth/change-email', () => {
  const change = (token: string, body: object) => post('/api/auth/change-email', body, token);

  it('answers 401 "Неверный пароль" for a wrong password', async () => {
    const { access_token } = await register(t.app);
    const res = await change(access_token, { current_password: 'wrong-password', new_email: 'new@mail.ru' });
    expectError(res, 401, 'wrong_password', AUTH_MESSAGES.wrongPassword);
  });

  it('answers 409 for an address in use', async () => {
    await register(t.app, { email: 'taken@mail.ru' });
    const { access_token } = await register(t.app);
    const res = await change(access_token, {
      current_password: ACCOUNT.password,
      new_email: 'Taken@mail.ru',
    });
    expectError(res, 409, 'email_taken', AUTH_MESSAGES.emailTaken);
  });

  it('validates the form, refuses the current address and guests', async () => {
    const { access_token } = await register(t.app);
    expectError(
      await change(access_token, { current_password: '', new_email: 'new@mail.ru' }),
      400,
      'validation_failed',
      AUTH_MESSAGES.passwordRequiredLogin,
    );
    expectError(
      await change(access_token, { current_password: ACCOUNT.password, new_email: 'new @mail.ru' }),
      400,
      'validation_failed',
      AUTH_MESSAGES.emailInvalid,
    );
    expectError(
      await change(access_token, { current_password: ACCOUNT.password, new_email: ACCOUNT.email }),
      400,
      'validation_failed',
      SERVER_MESSAGES.emailUnchanged,
    );
    const g = await guest(t.app);
    expectError(
      await change(g.access_token, { current_password: 'whatever1', new_email: 'new@mail.ru' }),
      403,
      'forbidden',
      SERVER_MESSAGES.guestNotAllowed,
    );
  });

  it('changes the address only when the link sent to the new mailbox is used', async () => {
    const session = await register(t.app);
    const res = await change(session.access_token, {
      current_password: ACCOUNT.password,
      new_email: 'New@Mail.ru',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SERVER_MESSAGES.changeEmailSent });
    const mail = await lastMail();
    expect(mail?.to).toBe('new@mail.ru');
    expect((await findUser(t.database, session.user_id))?.email).toBe(ACCOUNT.email);

    const verified = await post('/api/auth/verify-email', { token: linkToken(mail) });
    expect(verified.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/validate',
      headers: bearer(session.access_token),
    });
    expect(me.json<ValidateResponse>().user).toMatchObject({ email: 'new@mail.ru', email_verified: true });
    expect(await loginStatus('new@mail.ru', ACCOUNT.password)).toBe(200);
    expect(await loginStatus(ACCOUNT.email, ACCOUNT.password)).toBe(401);
  });

  it('answers 409 at confirmation when someone took the address meanwhile', async () => {
    const session = await register(t.app);
    await change(session.access_token, { current_password: ACCOUNT.password, new_email: 'new@mail.ru' });
    const token = linkToken(await lastMail());
    await register(t.app, { email: 'new@mail.ru' });
    expectError(await post('/api/auth/verify-email', { token }), 409, 'email_taken');
    expect((await findUser(t.database, session.user_id))?.email).toBe(ACCOUNT.email);
  });
});

describe('real mail delivery', () => {
  it('sends the confirmation over SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await t.rebuild({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'hello@podruga.app',
        PUBLIC_URL: 'https://podruga.app',
      },
      deps: { mailer: undefined },
    });
    try {
      await register(t.app);
      await t.app.mail.drain();
      expect(received).toHaveLength(1);
      const raw = received[0] ?? '';
      expect(raw).toMatch(/^From: Podruga <hello@podruga\.app>/m);
      expect(raw).toMatch(/^To: anna@mail\.ru/m);
      expect(plainTextOf(raw)).toMatch(/^Привет, Анна!/);
      expect(plainTextOf(raw)).toMatch(/https:\/\/podruga\.app\/verify-email\?token=[\w-]{43}\n/);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('writes the mail into DATA_DIR/outbox without SMTP_URL', async () => {
    await t.rebuild({ deps: { mailer: undefined } });
    await register(t.app);
    await post('/api/auth/forgot-password', { email: ACCOUNT.email });
    await t.app.mail.drain();
    const outbox = join(t.config.dataDir, 'outbox');
    const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const texts = await Promise.all(
      files.map(async (f) => plainTextOf(await readFile(join(outbox, f), 'utf8'))),
    );
    expect(texts.join('\n')).toMatch(/http:\/\/localhost:80\/reset-password\?token=[\w-]{43}\n/);
  });
});
