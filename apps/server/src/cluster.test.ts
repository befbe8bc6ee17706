import { randomBytes } from 'node:crypto';
import {
  ANONYMOUS_SESSIONS_PER_HOUR,
  SUPPORT_REQUESTS_PER_HOUR,
  type VapidKeyResponse,
} from '@podruga/shared';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import type { AppDeps } from './app.ts';
import { appSecrets, payments } from './db/schema/index.ts';
import { defineJob } from './jobs/queue.ts';
import { CATALOGUE } from './modules/catalogue/catalogue.seed.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import type { ImagePort, ImageRequest } from './providers/image/port.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { useTestDatabase } from './test/db.ts';
import { gate } from './test/gate.ts';
import { ACCOUNT, bearer, expectError, form, guest, register } from './test/http.ts';
import { order } from './test/payments.ts';
import { LocalPushService } from './test/push-service.ts';
import { freshAddress, TEST_REDIS_URL, useRedis } from './test/redis.ts';

/*
 * Issue 17, docs/decisions/0026: what one instance remembers across requests is either shared with the
 * others (Redis, the database) or safe to keep to itself. Each test builds two apps on one database
 * (and, where Redis matters, one Redis under a prefix of the test's own), each with its own DATA_DIR,
 * and shows a rule taken on one instance holding on the other.
 */

const db = useTestDatabase();
const redisUp = useRedis('the two-instance tests of shared limits and jobs');
let apps: TestApp[] = [];
afterEach(async () => {
  for (const a of apps.reverse()) await a.app.close();
  apps = [];
});

/** Two instances on the file's database; with `redis`, on the test Redis under one fresh prefix. */
async function twoInstances(
  ctx: TestContext,
  options: { redis?: boolean; env?: Record<string, string>; deps?: AppDeps } = {},
): Promise<[TestApp, TestApp]> {
  const tag = randomBytes(4).toString('hex');
  let env = options.env ?? {};
  let deps = options.deps ?? {};
  if (options.redis) {
    if (!redisUp()) ctx.skip();
    env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `test-cluster-${tag}`, ...env };
    // One BullMQ prefix for both: they share the queues, as instances of one deployment do.
    deps = { jobs: { prefix: `test-cluster-${tag}-jobs`, ephemeral: true }, ...deps };
  }
  // Only the first removes the shared queues at the end, after the second closed (afterEach).
  const ephemeral = deps.jobs ? { jobs: { ...deps.jobs, ephemeral: false } } : {};
  // Started at once, as a deployment's instances are: the first secrets are stored in a race.
  const [one, two] = await Promise.all([
    buildTestApp(db(), { env, deps }),
    buildTestApp(db(), { env, deps: { ...deps, ...ephemeral } }),
  ]);
  apps.push(one, two);
  return [one, two];
}

function login(app: TestApp, username: string, password: string, remoteAddress = freshAddress()) {
  const body = form({ username, password });
  return app.app.inject({ method: 'POST', url: '/api/auth/token', ...body, remoteAddress });
}

const validate = (app: TestApp, token: string) =>
  app.app.inject({ method: 'GET', url: '/api/auth/validate', headers: bearer(token) });

describe('generated secrets are shared through the database', () => {
  it('a session issued by one instance is accepted by the other (no JWT_SECRET, own DATA_DIRs)', async (ctx) => {
    const [one, two] = await twoInstances(ctx, { env: { JWT_SECRET: '' } });
    expect(one.config.dataDir).not.toBe(two.config.dataDir);
    const fromOne = await guest(one.app, freshAddress());
    const fromTwo = await guest(two.app, freshAddress());
    expect((await validate(two, fromOne.access_token)).statusCode).toBe(200);
    expect((await validate(one, fromTwo.access_token)).statusCode).toBe(200);
    const stored = await db().db.select().from(appSecrets).where(eq(appSecrets.name, 'jwt.secret'));
    expect(stored).toHaveLength(1);
  });

  it('an existing install keeps its secret: the first file stored wins, the other instance adopts it', async (ctx) => {
    const [one] = await twoInstances(ctx, { env: { JWT_SECRET: '' } });
    const { access_token } = await guest(one.app, freshAddress());
    // A restart with the database emptied of secrets (an install from before the table): the file seeds it.
    await Promise.all(apps.map((a) => a.app.close()));
    apps = [];
    await db().db.delete(appSecrets);
    const again = await buildTestApp(db(), { env: { JWT_SECRET: '', DATA_DIR: one.config.dataDir } });
    apps.push(again);
    const other = await buildTestApp(db(), { env: { JWT_SECRET: '' } });
    apps.push(other);
    expect((await validate(again, access_token)).statusCode).toBe(200);
    expect((await validate(other, access_token)).statusCode).toBe(200);
  });

  it('a session revoked through one instance is refused by the other, whose token cache had it', async (ctx) => {
    const [one, two] = await twoInstances(ctx);
    const { access_token } = await guest(one.app, freshAddress());
    expect((await validate(one, access_token)).statusCode).toBe(200);
    expect((await validate(two, access_token)).statusCode).toBe(200);
    // Registering the guest bumps her token version: the old token is done everywhere.
    await register(one.app, {}, access_token);
    expectError(await validate(two, access_token), 401, 'token_expired');
  });

  describe('Web Push', () => {
    let vapidKey = '';
    const service = new LocalPushService(() => vapidKey);
    beforeAll(() => service.start());
    afterAll(() => service.stop());

    it('a subscription made through one instance is pushed to by the other, with the same VAPID pair', async (ctx) => {
      const [one, two] = await twoInstances(ctx, { env: { PUSH_EXTRA_HOSTS: service.host } });
      const key = async (t: TestApp) =>
        (await t.app.inject({ url: '/api/push/vapid-key' })).json<VapidKeyResponse>().public_key;
      vapidKey = await key(one);
      expect(await key(two)).toBe(vapidKey);

      const { access_token: token } = await guest(one.app, freshAddress());
      const subscribed = await one.app.inject({
        method: 'POST',
        url: '/api/push/subscribe',
        headers: bearer(token),
        payload: service.subscription(),
      });
      expect(subscribed.statusCode, subscribed.body).toBe(200);
      // Without Redis each instance runs its own jobs: the push is sent by the second one.
      const sent = await two.app.inject({ method: 'POST', url: '/api/push/test', headers: bearer(token) });
      expect(sent.statusCode, sent.body).toBe(200);
      await two.app.jobs.idle();
      expect(service.rejected).toEqual([]);
      expect(service.deliveries).toHaveLength(1);
    });
  });
});

describe('limits are counted in Redis, across instances', () => {
  it("the app's counters: points taken on one instance are gone on the other", async (ctx) => {
    if (!redisUp()) ctx.skip();
    const prefix = `test-cluster-${randomBytes(4).toString('hex')}:`;
    const hosts = [Fastify(), Fastify()];
    try {
      const [a, b] = await Promise.all(hosts.map((h) => registerRateLimit(h, TEST_REDIS_URL, prefix)));
      if (!a || !b) throw new Error('no counters');
      const limit = { points: 2, durationS: 60 };
      await a.create('probe', limit).consume('k');
      await b.create('probe', limit).consume('k');
      await expect(a.create('probe', limit).consume('k')).rejects.toBeInstanceOf(RateLimiterRes);
      await expect(b.create('probe', limit).consume('k')).rejects.toBeInstanceOf(RateLimiterRes);
    } finally {
      await Promise.all(hosts.map((h) => h.close()));
    }
  });

  it('route limits (@fastify/rate-limit): 10 logins a minute per address, whichever instance answers', async (ctx) => {
    const [one, two] = await twoInstances(ctx, { redis: true });
    const address = freshAddress();
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const via = i % 2 === 0 ? one : two;
      codes.push((await login(via, `nobody${i}@mail.ru`, 'wrong-password', address)).statusCode);
    }
    expect(codes).toEqual(Array(10).fill(401));
    expectError(await login(one, 'nobody@mail.ru', 'wrong-password', address), 429, 'rate_limited');
    expectError(await login(two, 'nobody@mail.ru', 'wrong-password', address), 429, 'rate_limited');
  });

  it('a login lock taken through one instance refuses the right password on the other', async (ctx) => {
    const [one, two] = await twoInstances(ctx, { redis: true });
    await register(one.app, {}, (await guest(one.app, freshAddress())).access_token);
    for (let i = 0; i < 5; i++) {
      expect((await login(i < 3 ? one : two, ACCOUNT.email, 'wrong-password')).statusCode).toBe(401);
    }
    expectError(await login(two, ACCOUNT.email, ACCOUNT.password), 429, 'rate_limited');
    expectError(await login(one, ACCOUNT.email, ACCOUNT.password), 429, 'rate_limited');
  });

  it('guests started through one instance count against the address on the other', async (ctx) => {
    const [one, two] = await twoInstances(ctx, { redis: true });
    const address = freshAddress();
    for (let i = 0; i < ANONYMOUS_SESSIONS_PER_HOUR; i++)
      await guest(i % 2 === 0 ? one.app : two.app, address);
    for (const t of [one, two]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/anonymous', remoteAddress: address });
      expectError(res, 429, 'anonymous_limit');
    }
  });

  it('support requests: 5 an hour per user, across instances', async (ctx) => {
    const [one, two] = await twoInstances(ctx, { redis: true });
    const { access_token: token } = await guest(one.app, freshAddress());
    const contact = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/support/contact',
        headers: bearer(token),
        payload: { issue_type: 'bug', email: 'anna@mail.ru', message: 'Помогите' },
        remoteAddress: freshAddress(),
      });
    for (let i = 0; i < SUPPORT_REQUESTS_PER_HOUR; i++) {
      expect((await contact(i % 2 === 0 ? one : two)).statusCode).toBe(200);
    }
    expect((await contact(two)).statusCode).toBe(429);
    expect((await contact(one)).statusCode).toBe(429);
  });
});

describe('the database decides for every instance', () => {
  it("an order's provider is asked at most once per gap, whichever instance the dialog polls", async (ctx) => {
    const [one, two] = await twoInstances(ctx);
    const { access_token: token } = await guest(one.app, freshAddress());
    const orderId = await order(one.app, token);
    const checkedAt = async () =>
      (
        await db().db.select({ at: payments.checkedAt }).from(payments).where(eq(payments.orderId, orderId))
      )[0]?.at;
    const poll = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/status',
        headers: bearer(token),
        payload: { payment_id: orderId },
      });
    expect((await poll(one)).statusCode).toBe(200);
    const first = await checkedAt();
    expect(first).toEqual(one.clock.now());
    // The other instance, a second later: within the gap, so it does not ask the provider.
    two.clock.advanceSeconds(1);
    expect((await poll(two)).statusCode).toBe(200);
    expect(await checkedAt()).toEqual(first);
    two.clock.advanceSeconds(5);
    expect((await poll(two)).statusCode).toBe(200);
    expect(await checkedAt()).toEqual(two.clock.now());
  });
});

describe('jobs are processed once across instances (BullMQ)', () => {
  const probe = defineJob<{ n: number }>('test-cluster-once');

  it('one key enqueued through both instances, again while it runs: run once', async (ctx) => {
    const [one, two] = await twoInstances(ctx, { redis: true });
    const held = gate();
    const runs: string[] = [];
    for (const [name, t] of [
      ['one', one],
      ['two', two],
    ] as const) {
      t.app.jobs.handle(probe, async () => {
        runs.push(name);
        await held.promise;
      });
    }
    await Promise.all([
      one.app.jobs.enqueue(probe, { n: 1 }, 'same'),
      two.app.jobs.enqueue(probe, { n: 2 }, 'same'),
    ]);
    await expect.poll(() => runs.length).toBe(1);
    await Promise.all([
      one.app.jobs.enqueue(probe, { n: 3 }, 'same'),
      two.app.jobs.enqueue(probe, { n: 4 }, 'same'),
    ]);
    held.open();
    await Promise.all([one.app.jobs.idle(), two.app.jobs.idle()]);
    expect(runs).toHaveLength(1);
  });

  it('two instances starting at once seed the catalogue: each portrait is drawn once', async (ctx) => {
    const calls: ImageRequest[] = [];
    const image: ImagePort = {
      adapter: 'fake',
      offline: true,
      describe: () => 'image: fake (tests)',
      async generate(request) {
        calls.push(request);
        const png = await sharp({ create: { width: 8, height: 12, channels: 3, background: '#a36' } })
          .png()
          .toBuffer();
        return { images: [png], model: request.model, seed: request.seed };
      },
    };
    const [one, two] = await twoInstances(ctx, { redis: true, deps: { image } });
    await Promise.all([one.app.catalogue.seed(), two.app.catalogue.seed()]);
    await Promise.all([one.app.jobs.idle(), two.app.jobs.idle()]);
    expect(calls).toHaveLength(CATALOGUE.length);
    expect(new Set(calls.map((c) => c.seed)).size).toBe(CATALOGUE.length);
  });
});
