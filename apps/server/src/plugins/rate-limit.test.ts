import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, useRedis } from '../test/redis.ts';
import { registerRateLimit } from './rate-limit.ts';

const redisUp = useRedis('the route limits on Redis');
const hosts: FastifyInstance[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

/** A bare host with one route limited to 2 a minute, its counters on `redisUrl`. */
async function host(redisUrl: string | undefined, prefix: string): Promise<FastifyInstance> {
  const app = Fastify();
  hosts.push(app);
  await registerRateLimit(app, redisUrl, prefix);
  app.get('/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

const hit = async (app: FastifyInstance) => (await app.inject({ url: '/limited' })).statusCode;

describe('route limits (@fastify/rate-limit) with REDIS_URL', () => {
  it('count in Redis under the prefix, for every instance', async (ctx) => {
    if (!redisUp()) ctx.skip();
    const prefix = `test-limits-${randomBytes(4).toString('hex')}:`;
    const [one, two] = [await host(TEST_REDIS_URL, prefix), await host(TEST_REDIS_URL, prefix)];
    if (!one || !two) throw new Error('no hosts');
    expect([await hit(one), await hit(two), await hit(one), await hit(two)]).toEqual([200, 200, 429, 429]);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys).toEqual([expect.stringMatching(new RegExp(`^${prefix}rate-limit:GET/limited-`))]);
      await redis.del(...keys);
    } finally {
      await redis.quit();
    }
  });

  it('while Redis is unreachable, still answer and still limit, in this process’s memory', async () => {
    // Nothing listens on port 1: every Redis call fails and the insurance counts.
    const app = await host('redis://127.0.0.1:1', 'test-limits-down:');
    expect([await hit(app), await hit(app), await hit(app)]).toEqual([200, 200, 429]);
  });
});
