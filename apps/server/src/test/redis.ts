import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { beforeAll } from 'vitest';

/** This machine and CI run Redis on 127.0.0.1; TEST_REDIS_URL points elsewhere. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers, asked once before the file's tests: a suite without Redis says so and skips
 * the tests that need it instead of failing. `what` names them in the warning.
 */
export function useRedis(what: string): () => boolean {
  let up = false;
  beforeAll(async () => {
    const probe = new Redis(TEST_REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    try {
      await probe.connect();
      up = (await probe.ping()) === 'PONG';
    } catch {
      console.warn(`Redis is not reachable at ${TEST_REDIS_URL}: ${what} is skipped`);
    } finally {
      probe.disconnect();
    }
  });
  return () => up;
}

/**
 * Rate-limit counters live in the shared Redis for an hour: a fresh (documentation-range) address per
 * run keeps reruns under the 3-guests-per-hour rule.
 */
export const freshAddress = () => `2001:db8::${randomBytes(4).toString('hex')}`;
