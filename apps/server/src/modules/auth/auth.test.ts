import {
  ACCESS_TOKEN_TTL_S,
  AUTH_MESSAGES,
  authResponseSchema,
  GUEST_NAME,
  SERVER_MESSAGES,
  TERMS_VERSION,
  type ValidateResponse,
  validateResponseSchema,
} from '@podruga/shared';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { useTestDatabase } from '../../test/db.ts';
import { createCompanionWithChat, findUser, ownersOf } from '../../test/factories.ts';
import { ACCOUNT, bearer, expectError, form, guest, register } from '../../test/http.ts';

const db = useTestDatabase();
let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp(db(), { env: { PUBLIC_URL: 'https://podruga.app/' } });
});
afterEach(async () => {
  await t.app.close();
});

const validate = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/validate', headers: token ? bearer(token) : {} });
const login = (fields: Record<string, string>, token?: string) => {
  const body = form(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    ...body,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
};

describe('POST /api/auth/anonymous', () => {
  it('creates a guest user with a token that validates', async () => {
    const session = await guest(t.app);
    expect(authResponseSchema.strict().parse(session)).toEqual({
      access_token: expect.any(String),
      user_id: expect.any(String),
      name: GUEST_NAME,
      membership_type: 'guest',
      membership_expiry: null,
      email_verified: false,
    });
    const claims = decodeJwt(session.access_token);
    expect(claims.sub).toBe(session.user_id);
    expect(claims.exp).toBe(Math.floor(t.clock.now().getTime() / 1000) + ACCESS_TOKEN_TTL_S);
    expect(claims.tv).toBe(0);
    const res = await validate(session.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json<ValidateResponse>().user.membership_type).toBe('guest');
  });

  it('allows three per hour per address; the fourth gets 429, another address still gets one', async () => {
    for (let i = 0; i < 3; i++) await guest(t.app, '203.0.113.5');
    const fourth = await t.app.inject({
      method: 'POST',
      url: '/api/auth/anonymous',
      remoteAddress: '203.0.113.5',
    });
    expectError(fourth, 429, 'anonymous_limit', SERVER_MESSAGES.anonymousLimit);
    expect(fourth.headers['retry-after']).toBeDefined();
    await guest(t.app, '203.0.113.6');
  });
});

describe('POST /api/auth/register', () => {
  it('creates a free account, stores the address lowercased and mails a confirmation link', async () => {
    const session = await register(t.app, { email: '  Anna@Mail.RU ' });
    expect(session).toMatchObject({ name: 'Анна', membership_type: 'free', email_verified: false });
    const row = await findUser(db(), session.user_id);
    expect(row?.email).toBe('anna@mail.ru');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.termsVersion).toBe(TERMS_VERSION);
    await t.app.mail.drain();
    expect(t.mailer.sent).toHaveLength(1);
    const [mail] = t.mailer.sent;
    expect(mail?.to).toBe('anna@mail.ru');
    expect(mail?.fromName).toBe('Podruga');
    expect(mail?.subject).toContain('Подтвердите');
    expect(mail?.text).toMatch(/https:\/\/podruga\.app\/verify-email\?token=[\w-]{43}/);
  });

  it('reports the first failing rule in the spec order, with the Russian message', async () => {
    const steps: Array<[Record<string, string>, string]> = [
      [{ name: '', email: '', password: '', consent: 'false' }, AUTH_MESSAGES.nameRequired],
      [{ name: 'Анна', email: '', password: '', consent: 'false' }, AUTH_MESSAGES.emailRequired],
      [{ name: 'Анна', email: 'anna@', password: '', consent: 'false' }, AUTH_MESSAGES.emailInvalid],
      [
        { name: 'Анна', email: 'anna@mail.ru', password: '', consent: 'false' },
        AUTH_MESSAGES.passwordRequired,
      ],
      [
        { name: 'Анна', email: 'anna@mail.ru', password: 'short', consent: 'false' },
        AUTH_MESSAGES.passwordTooShort,
      ],
      [
        { name: 'Анна', email: 'anna@mail.ru', password: 'secret123', consent: 'false' },
        AUTH_MESSAGES.consentRequired,
      ],
      [{ ...ACCOUNT, name: 'Я'.repeat(51) }, 'Имя должно быть не длиннее 50 символов'],
      [{ ...ACCOUNT, password: 'p'.repeat(129) }, 'Пароль должен быть не длиннее 128 символов'],
    ];
    for (const [fields, message] of steps) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...form(fields) });
      expectError(res, 400, 'validation_failed', message);
    }
    const noConsentField = { name: 'Анна', email: 'anna@mail.ru', password: 'secret123' };
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...form(noConsentField) });
    expectError(res, 400, 'validation_failed', AUTH_MESSAGES.consentRequired);
    expect(await db().db.select().from(users)).toHaveLength(0);
  });

  it('accepts JSON as well as a form', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...ACCOUNT, consent: true },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 409 for an address already in use, whatever its case', async () => {
    await register(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...form({ ...ACCOUNT, email: 'ANNA@mail.ru' }),
    });
    expectError(res, 409, 'email_taken', AUTH_MESSAGES.emailTaken);
  });

  it('upgrades the guest of the session in place: same id, companions kept', async () => {
    const g = await guest(t.app);
    const { character, chat } = await createCompanionWithChat(db(), g.user_id);
    const session = await register(t.app, {}, g.access_token);
    expect(session.user_id).toBe(g.user_id);
    expect(session.membership_type).toBe('free');
    expect(await ownersOf(db(), character.id)).toEqual({
      character: g.user_id,
      chats: [g.user_id],
      messages: [g.user_id, g.user_id],
    });
    expect(chat.userId).toBe(g.user_id);
    const me = await validate(session.access_token);
    expect(me.json<ValidateResponse>().user).toMatchObject({ id: g.user_id, email: 'anna@mail.ru' });
  });

  it('creates a separate account when the session is already a registered user', async () => {
    const first = await register(t.app);
    const second = await register(t.app, { email: 'maria@mail.ru' }, first.access_token);
    expect(second.user_id).not.toBe(first.user_id);
  });

  it('is rate limited per address', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '198.51.100.9',
        ...form({ ...ACCOUNT, name: '' }),
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(400);
    expectError(await attempt(), 429, 'rate_limited', SERVER_MESSAGES.tooManyRequests);
  });
});

describe('POST /api/auth/token', () => {
  beforeEach(async () => {
    await register(t.app);
  });

  it('logs in with the e-mail as username, in any case', async () => {
    const res = await login({ username: 'ANNA@mail.ru', password: ACCOUNT.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Анна', membership_type: 'free' });
  });

  it('answers 401 for a wrong password or an unknown address, with the same body', async () => {
    const wrong = await login({ username: ACCOUNT.email, password: 'wrong-password' });
    expectError(wrong, 401, 'invalid_credentials', SERVER_MESSAGES.invalidCredentials);
    const unknown = await login({ username: 'nobody@mail.ru', password: ACCOUNT.password });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('validates the login form with the spec texts', async () => {
    expectError(
      await login({ username: '', password: '' }),
      400,
      'validation_failed',
      AUTH_MESSAGES.emailRequired,
    );
    expectError(
      await login({ username: ACCOUNT.email, password: '' }),
      400,
      'validation_failed',
      AUTH_MESSAGES.passwordRequiredLogin,
    );
  });

  it('refuses a deactivated account', async () => {
    await db().db.update(users).set({ isActive: false }).where(eq(users.email, ACCOUNT.email));
    expectError(
      await login({ username: ACCOUNT.email, password: ACCOUNT.password }),
      401,
      'invalid_credentials',
    );
  });

  it('moves a guest session’s companions and chats into the account and retires the guest', async () => {
    const g = await guest(t.app);
    const { character } = await createCompanionWithChat(db(), g.user_id);
    const res = await login({ username: ACCOUNT.email, password: ACCOUNT.password }, g.access_token);
    expect(res.statusCode).toBe(200);
    const accountId = res.json<{ user_id: string }>().user_id;
    expect(await ownersOf(db(), character.id)).toEqual({
      character: accountId,
      chats: [accountId],
      messages: [accountId, accountId],
    });
    expect((await findUser(db(), g.user_id))?.isActive).toBe(false);
    expect(t.guestMigrations).toEqual([{ guestUserId: g.user_id, accountUserId: accountId }]);
    expectError(await validate(g.access_token), 401, 'unauthorized');
  });

  it('does not move anything when the session is a registered user', async () => {
    const other = await register(t.app, { email: 'maria@mail.ru' });
    const { character } = await createCompanionWithChat(db(), other.user_id);
    await login({ username: ACCOUNT.email, password: ACCOUNT.password }, other.access_token);
    expect((await ownersOf(db(), character.id)).character).toBe(other.user_id);
    expect(t.guestMigrations).toEqual([]);
  });

  it('still logs in when the guest_migrated hook fails', async () => {
    await t.app.close();
    t = await buildTestApp(db(), {
      deps: {
        onGuestMigrated: () => {
          throw new Error('socket layer down');
        },
      },
    });
    const g = await guest(t.app);
    expect(
      (await login({ username: ACCOUNT.email, password: ACCOUNT.password }, g.access_token)).statusCode,
    ).toBe(200);
  });

  it('is rate limited per address', async () => {
    // A different e-mail each time, so only the per-address limit can stop them.
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        remoteAddress: '198.51.100.7',
        ...form({ username: `user${i}@mail.ru`, password: 'wrong-password' }),
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i)).statusCode).toBe(401);
    expectError(await attempt(10), 429, 'rate_limited', SERVER_MESSAGES.tooManyRequests);
  });
});

describe('GET /api/auth/validate', () => {
  it('returns the user as the client caches it', async () => {
    const session = await register(t.app);
    const res = await validate(session.access_token);
    expect(res.statusCode).toBe(200);
    const body = validateResponseSchema.parse(res.json());
    expect(body.user).toEqual({
      id: session.user_id,
      name: 'Анна',
      email: 'anna@mail.ru',
      membership_type: 'free',
      membership_expiry: null,
      vip_expiry: null,
      email_verified: false,
      is_pwa_user: false,
      first_chat: true,
      is_active: true,
      adult_confirmed: false,
      created_at: expect.any(String),
    });
    expect((await findUser(db(), session.user_id))?.lastSeenAt?.toISOString()).toBe(
      t.clock.now().toISOString(),
    );
  });

  it('answers 401 without a token, or with a garbled one', async () => {
    expectError(await validate(), 401, 'unauthorized', SERVER_MESSAGES.unauthorized);
    expectError(await validate('not-a-jwt'), 401, 'unauthorized');
    const { access_token } = await guest(t.app);
    expectError(await validate(`${access_token.slice(0, -4)}AAAA`), 401, 'unauthorized');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/validate',
      headers: { authorization: `Basic ${access_token}` },
    });
    expectError(res, 401, 'unauthorized');
  });

  it('answers 401 for a token signed with another secret', async () => {
    const { user_id } = await guest(t.app);
    const forged = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user_id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expectError(await validate(forged), 401, 'unauthorized');
  });

  it('answers 401 token_expired once the token has expired', async () => {
    const { access_token } = await guest(t.app);
    t.clock.advanceSeconds(ACCESS_TOKEN_TTL_S - 1);
    expect((await validate(access_token)).statusCode).toBe(200);
    t.clock.advanceSeconds(2);
    expectError(await validate(access_token), 401, 'token_expired', SERVER_MESSAGES.sessionExpired);
  });

  it('answers 401 for a revoked token (token_version moved on) and for an inactive user', async () => {
    const session = await register(t.app);
    await db()
      .db.update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, session.user_id));
    expectError(await validate(session.access_token), 401, 'token_expired');

    const other = await guest(t.app);
    await db().db.update(users).set({ isActive: false }).where(eq(users.id, other.user_id));
    expectError(await validate(other.access_token), 401, 'unauthorized');
  });
});

describe('POST /api/auth/upgrade', () => {
  it('returns the membership on record and ignores what the client claims', async () => {
    const session = await register(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/upgrade',
      headers: bearer(session.access_token),
      payload: { membership_type: 'plus', membership_expiry: '2099-01-01T00:00:00Z' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ membership_type: 'free', membership_expiry: null });
  });

  it('keeps an expired Plus as plus with its past expiry', async () => {
    const session = await register(t.app);
    const past = new Date('2025-01-01T00:00:00.000Z');
    await db()
      .db.update(users)
      .set({ membershipType: 'plus', membershipExpiry: past })
      .where(eq(users.id, session.user_id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/upgrade',
      headers: bearer(session.access_token),
    });
    expect(res.json()).toEqual({ membership_type: 'plus', membership_expiry: past.toISOString() });
  });

  it('needs a session', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/upgrade' }), 401, 'unauthorized');
  });
});

describe('POST /api/user/confirm-adult', () => {
  it('remembers the 18+ confirmation on the user', async () => {
    const { access_token } = await guest(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/confirm-adult',
      headers: bearer(access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ adult_confirmed: true });
    const me = await validate(access_token);
    expect(me.json<ValidateResponse>().user.adult_confirmed).toBe(true);
  });

  it('needs a session', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/user/confirm-adult' }), 401, 'unauthorized');
  });
});
