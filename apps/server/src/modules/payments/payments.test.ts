import { PROFILE_MESSAGES, type ValidateResponse } from '@podruga/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { createCharacter, setMembership } from '../../test/characters.ts';
import { findUser } from '../../test/factories.ts';
import { bearer, expectError, guest, register } from '../../test/http.ts';

const t = useTestApp();

const FUTURE = new Date('2030-01-01T00:00:00Z');
const PAST = new Date('2020-01-01T00:00:00Z');

const cancel = (token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/cancel-subscription',
    headers: token ? bearer(token) : {},
  });

async function me(token: string) {
  const res = await t.app.inject({ url: '/api/auth/validate', headers: bearer(token) });
  return res.json<ValidateResponse>().user;
}

describe('POST /api/payment/cancel-subscription', () => {
  it('ends active Plus and VIP now: free tier, expiries cleared, companions kept', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    await setMembership(t.database, userId, 'plus', FUTURE);
    await t.database.db.update(users).set({ vipExpiry: FUTURE }).where(eq(users.id, userId));
    await createCharacter(t.app, token);
    const status = async () =>
      (await t.app.inject({ url: '/api/user/limits/status', headers: bearer(token) })).json<{
        tier: string;
      }>();
    expect((await status()).tier).toBe('vip');

    const res = await cancel(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: PROFILE_MESSAGES.cancelled });
    expect(await me(token)).toMatchObject({
      membership_type: 'free',
      membership_expiry: null,
      vip_expiry: null,
    });
    expect((await status()).tier).toBe('free');
    const list = await t.app.inject({ url: '/api/characters/', headers: bearer(token) });
    expect(list.json()).toHaveLength(1);
  });

  it('is done once: a second cancellation, or two at once, find nothing left to cancel', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    await setMembership(t.database, userId, 'plus', FUTURE);
    const [a, b] = await Promise.all([cancel(token), cancel(token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expectError(await cancel(token), 400, 'no_active_access', PROFILE_MESSAGES.noActiveAccess);
    expect(await me(token)).toMatchObject({ membership_type: 'free', membership_expiry: null });
  });

  it('refuses a user without active access with a clear 400, and changes nothing', async () => {
    const free = await register(t.app, { email: 'free@mail.ru' });
    expectError(await cancel(free.access_token), 400, 'no_active_access', PROFILE_MESSAGES.noActiveAccess);

    const expired = await register(t.app, { email: 'expired@mail.ru' });
    await setMembership(t.database, expired.user_id, 'plus', PAST);
    expectError(await cancel(expired.access_token), 400, 'no_active_access', PROFILE_MESSAGES.noActiveAccess);
    expect((await findUser(t.database, expired.user_id))?.membershipExpiry).toEqual(PAST);
  });

  it('is for accounts only: a guest gets 403, no session 401', async () => {
    const g = await guest(t.app);
    expect((await cancel(g.access_token)).statusCode).toBe(403);
    expect((await cancel()).statusCode).toBe(401);
  });

  it('logs who cancelled and what they had', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    await setMembership(t.database, userId, 'plus', FUTURE);
    const info = vi.spyOn(t.app.log, 'info');
    expect((await cancel(token)).statusCode).toBe(200);
    expect(info).toHaveBeenCalledWith(
      { userId, plusExpiry: FUTURE.toISOString(), vipExpiry: null },
      'paid access cancelled by the user',
    );
  });
});
