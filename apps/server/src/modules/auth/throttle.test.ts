import { randomBytes } from 'node:crypto';
import { SERVER_MESSAGES } from '@podruga/shared';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app.ts';
import { buildTestApp } from '../../test/app.ts';
import { useTestDatabase } from '../../test/db.ts';
import { ACCOUNT, expectError, form, linkToken, register } from '../../test/http.ts';

const db = useTestDatabase();
const apps: FastifyInstance[] = [];

/** Behind one proxy hop, so every attempt can come from its own address (X-Forwarded-For). */
async function start(deps: AppDeps = {}, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const { app } = await buildTestApp(db(), { env: { TRUST_PROXY: '1', ...env }, deps });
  apps.push(app);
  return app;
}
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

let nextAddress = 1;
function login(app: FastifyInstance, username: string, password: string) {
  const body = form({ username, password });
  return app.inject({
    method: 'POST',
    url: '/api/auth/token',
    ...body,
    headers: { ...body.headers, 'x-forwarded-for': `203.0.113.${nextAddress++}` },
  });
}

/** Waits (real time: the counters' own clock) until the lock of `retryAfterS` seconds is over. */
const waitOut = (retryAfterS: number) => new Promise((r) => setTimeout(r, retryAfterS * 1000 + 100));

describe('per-account login throttling', () => {
  it('locks an account after 5 wrong passwords from 5 addresses; while locked the right one is refused too; a lock ends', async () => {
    const app = await start({ loginThrottle: { firstLockS: 1, maxLockS: 4 } });
    await register(app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await login(app, ACCOUNT.email, 'wrong-password')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);

    const locked = await login(app, 'ANNA@mail.ru ', ACCOUNT.password);
    expectError(locked, 429, 'rate_limited', SERVER_MESSAGES.tooManyRequests);
    expect(Number(locked.headers['retry-after'])).toBe(1);

    await waitOut(1);
    expect((await login(app, ACCOUNT.email, ACCOUNT.password)).statusCode).toBe(200);
  });

  it('locks grow: the second lock of the day is twice the first; a success clears the count', async () => {
    const app = await start({ loginThrottle: { firstLockS: 1, maxLockS: 60 } });
    await register(app);
    for (let i = 0; i < 5; i++) await login(app, ACCOUNT.email, 'wrong');
    expect((await login(app, ACCOUNT.email, 'wrong')).headers['retry-after']).toBe('1');
    await waitOut(1);
    for (let i = 0; i < 5; i++) expect((await login(app, ACCOUNT.email, 'wrong')).statusCode).toBe(401);
    expect((await login(app, ACCOUNT.email, 'wrong')).headers['retry-after']).toBe('2');
    await waitOut(2);
    expect((await login(app, ACCOUNT.email, ACCOUNT.password)).statusCode).toBe(200);
    // Cleared: four failures after a success do not lock.
    for (let i = 0; i < 4; i++) await login(app, ACCOUNT.email, 'wrong');
    expect((await login(app, ACCOUNT.email, ACCOUNT.password)).statusCode).toBe(200);
  });

  it('an unknown address is throttled exactly like a wrong password (no account enumeration)', async () => {
    const app = await start();
    await register(app);
    const run = async (email: string) => {
      const out: Array<[number, unknown, string | undefined]> = [];
      for (let i = 0; i < 7; i++) {
        const res = await login(app, email, 'wrong-password');
        out.push([res.statusCode, res.json(), res.headers['retry-after'] as string | undefined]);
      }
      return out;
    };
    const known = await run(ACCOUNT.email);
    const unknown = await run('nobody@mail.ru');
    expect(unknown).toEqual(known);
    expect(known.map(([status]) => status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(known[6]?.[2]).toBe('60');
  });

  it('a completed password reset ends the lock', async () => {
    const t = await buildTestApp(db(), { env: { TRUST_PROXY: '1' } });
    apps.push(t.app);
    await register(t.app);
    for (let i = 0; i < 6; i++) await login(t.app, ACCOUNT.email, 'wrong');
    expect((await login(t.app, ACCOUNT.email, ACCOUNT.password)).statusCode).toBe(429);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: ACCOUNT.email },
    });
    await t.app.mail.drain();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: linkToken(t.mailer.sent.at(-1)), new_password: 'another123' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(t.app, ACCOUNT.email, 'another123')).statusCode).toBe(200);
  });

  it('with REDIS_URL every instance shares the count (real Redis)', async () => {
    const prefix = `podruga-test:${randomBytes(6).toString('hex')}:`;
    const env = { REDIS_URL: 'redis://127.0.0.1:6379' };
    const one = await start({ counterPrefix: prefix }, env);
    const two = await start({ counterPrefix: prefix }, env);
    await register(one);
    for (let i = 0; i < 3; i++) expect((await login(one, ACCOUNT.email, 'wrong')).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(two, ACCOUNT.email, 'wrong')).statusCode).toBe(401);
    expectError(await login(one, ACCOUNT.email, ACCOUNT.password), 429, 'rate_limited');
    expectError(await login(two, ACCOUNT.email, ACCOUNT.password), 429, 'rate_limited');

    const redis = new Redis('redis://127.0.0.1:6379');
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.some((k) => k.startsWith(`${prefix}login-failures`))).toBe(true);
      // The address itself is not stored, only its hash.
      expect(keys.join(' ')).not.toContain('anna');
      await redis.del(...keys);
    } finally {
      await redis.quit();
    }
  });
});
