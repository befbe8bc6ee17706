import type { LimitsStatus, User } from '@podruga/shared';
import { TIER_LIMITS } from '@podruga/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { findUser } from '../../test/factories.ts';
import { bearer, expectError, guest, register } from '../../test/http.ts';

const t = useTestApp();

function setPwa(token: string | null, payload: string, contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/set-pwa-status',
    payload,
    headers: { 'content-type': contentType, ...(token ? bearer(token) : {}) },
  });
}

async function limitsOf(token: string): Promise<LimitsStatus> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/limits/status', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<LimitsStatus>();
}

describe('POST /api/user/set-pwa-status', () => {
  it('flags a registered user with the JSON body `true`, answers the user, and the tier becomes pwa', async () => {
    const account = await register(t.app);
    expect((await limitsOf(account.access_token)).tier).toBe('free');

    const res = await setPwa(account.access_token, 'true');
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json<User>();
    expect(user).toMatchObject({ id: account.user_id, is_pwa_user: true, email: 'anna@mail.ru' });
    expect((await findUser(t.database, account.user_id))?.isPwaUser).toBe(true);

    const limits = await limitsOf(account.access_token);
    expect(limits.tier).toBe('pwa');
    expect(limits.resources.messages.limit).toBe(TIER_LIMITS.pwa.messagesPerDay);
    expect(limits.resources.messages.limit).toBe(30);
  });

  it('accepts the object form and is idempotent', async () => {
    const account = await register(t.app);
    const first = await setPwa(account.access_token, JSON.stringify({ is_pwa_user: true }));
    expect(first.statusCode, first.body).toBe(200);
    const again = await setPwa(account.access_token, 'true');
    expect(again.statusCode).toBe(200);
    expect(again.json<User>().is_pwa_user).toBe(true);
    expect((await limitsOf(account.access_token)).tier).toBe('pwa');
  });

  it('puts a verified user in the higher pwa tier; active Plus stays above it', async () => {
    const account = await register(t.app);
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, account.user_id));
    expect((await limitsOf(account.access_token)).tier).toBe('verified');
    await setPwa(account.access_token, 'true');
    expect((await limitsOf(account.access_token)).tier).toBe('pwa');

    await t.database.db
      .update(users)
      .set({ membershipType: 'plus', membershipExpiry: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, account.user_id));
    expect((await limitsOf(account.access_token)).tier).toBe('plus');
  });

  it('refuses guests and the unauthenticated', async () => {
    const session = await guest(t.app);
    const res = await setPwa(session.access_token, 'true');
    expect(res.statusCode).toBe(403);
    expect((await findUser(t.database, session.user_id))?.isPwaUser).toBe(false);
    expect((await limitsOf(session.access_token)).tier).toBe('guest');
    expectError(await setPwa(null, 'true'), 401, 'unauthorized');
  });

  it.each([
    ['false', 'false'],
    ['an object with false', '{"is_pwa_user":false}'],
    ['a string', '"true"'],
    ['no body', ''],
    ['another object', '{"admin":true}'],
  ])('answers %s with a Russian 400 and changes nothing', async (_name, payload) => {
    const account = await register(t.app);
    const res = await setPwa(account.access_token, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ detail: string; code: string }>();
    expect(body.detail).toMatch(/[а-я]/i);
    expect((await findUser(t.database, account.user_id))?.isPwaUser).toBe(false);
  });

  it('refuses a body that is not JSON', async () => {
    const account = await register(t.app);
    const res = await setPwa(account.access_token, 'is_pwa_user=true', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(400);
    expect((await findUser(t.database, account.user_id))?.isPwaUser).toBe(false);
  });
});
