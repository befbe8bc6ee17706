import { ACCESS_TOKEN_TTL_S, type AuthResponse, SERVER_MESSAGES } from '@podruga/shared';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createCompanionWithChat, ownersOf } from '../../test/factories.ts';
import { ACCOUNT, bearer, expectError, form, guest, register } from '../../test/http.ts';

const t = useTestApp();

const ADDRESS = '192.0.2.10';
const validate = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/validate', headers: bearer(token) });
const anonymous = (previousToken?: string, remoteAddress = ADDRESS) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/anonymous',
    remoteAddress,
    ...(previousToken ? { payload: { previous_token: previousToken } } : {}),
  });
const logout = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress: ADDRESS, headers: bearer(token) });
async function login(token?: string): Promise<AuthResponse> {
  const body = form({ username: ACCOUNT.email, password: ACCOUNT.password });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    remoteAddress: ADDRESS,
    ...body,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuthResponse>();
}
/** Uses up the address's three fresh guests of the hour. */
async function exhaustAddress(): Promise<void> {
  for (let i = 0; i < 3; i++) expect((await anonymous()).statusCode).toBe(200);
  expectError(await anonymous(), 429, 'anonymous_limit', SERVER_MESSAGES.anonymousLimit);
}

describe('registering from a guest session retires the guest token', () => {
  it('the old token gets 401 token_expired, the new one works, companions stay', async () => {
    const g = await guest(t.app);
    const { character } = await createCompanionWithChat(t.database, g.user_id);
    const session = await register(t.app, {}, g.access_token);
    expect(session.access_token).not.toBe(g.access_token);
    expectError(await validate(g.access_token), 401, 'token_expired', SERVER_MESSAGES.sessionExpired);
    expect((await validate(session.access_token)).statusCode).toBe(200);
    expect((await ownersOf(t.database, character.id)).character).toBe(g.user_id);
  });
});

describe('POST /api/auth/logout', () => {
  it('hands a signed-in user a new guest; five logouts and logins in a row from one address never meet the limit', async () => {
    await exhaustAddress();
    let account = (await register(t.app)).access_token;
    for (let i = 0; i < 5; i++) {
      const res = await logout(account);
      expect(res.statusCode, res.body).toBe(200);
      const fresh = res.json<AuthResponse>();
      expect(fresh.membership_type).toBe('guest');
      expect((await validate(fresh.access_token)).statusCode).toBe(200);
      account = (await login(fresh.access_token)).access_token;
    }
    // Fresh visitors from that address are still refused.
    expectError(await anonymous(), 429, 'anonymous_limit');
  });

  it('a guest keeps its own session (no chain of new guests); no session is a 401', async () => {
    const g = await guest(t.app);
    const res = await logout(g.access_token);
    expect(res.json<AuthResponse>().user_id).toBe(g.user_id);
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/logout' }), 401, 'unauthorized');
  });
});

describe('POST /api/auth/anonymous with proof of an earlier session', () => {
  it('an existing guest gets itself back, even with an expired token, without counting', async () => {
    await exhaustAddress();
    const g = await guest(t.app, '192.0.2.99');
    await createCompanionWithChat(t.database, g.user_id);
    t.clock.advanceSeconds(ACCESS_TOKEN_TTL_S + 3600);
    expectError(await validate(g.access_token), 401, 'token_expired');
    for (let i = 0; i < 5; i++) {
      const res = await anonymous(g.access_token);
      expect(res.statusCode, res.body).toBe(200);
      const back = res.json<AuthResponse>();
      expect(back.user_id).toBe(g.user_id);
      expect((await validate(back.access_token)).statusCode).toBe(200);
    }
  });

  it('proof of a user who is no longer a guest: a new guest counted per proven user, not per address', async () => {
    await exhaustAddress();
    const account = await register(t.app);
    const replays: number[] = [];
    for (let i = 0; i < 4; i++)
      replays.push((await anonymous(account.access_token, `192.0.2.${50 + i}`)).statusCode);
    // A replayed proof gets no more than a fresh visitor: three an hour, whatever the address.
    expect(replays).toEqual([200, 200, 200, 429]);
    const refused = await anonymous(account.access_token);
    expectError(refused, 429, 'anonymous_limit');
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('a retired guest (merged by a login) proves its device', async () => {
    const g = await guest(t.app);
    await register(t.app, { email: 'maria@mail.ru' });
    await exhaustAddress();
    const body = form({ username: 'maria@mail.ru', password: ACCOUNT.password });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...body,
      headers: { ...body.headers, ...bearer(g.access_token) },
    });
    const res = await anonymous(g.access_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AuthResponse>().user_id).not.toBe(g.user_id);
  });

  it('a forged or garbled proof counts as a fresh visitor', async () => {
    const forged = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-0000-0000-000000000000')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const statuses: number[] = [];
    for (const proof of [forged, 'garbage', forged, forged])
      statuses.push((await anonymous(proof)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
