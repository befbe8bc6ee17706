import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, type TestContext } from 'vitest';
import { gate, memoryLog } from '../test/gate.ts';
import { TEST_REDIS_URL, useRedis } from '../test/redis.ts';
import { BullMqJobQueue } from './bullmq.ts';
import { InProcessJobQueue } from './in-process.ts';
import { backoffDelay, defineJob, type JobQueue } from './queue.ts';

const redisUp = useRedis('the BullMQ runner tests');

interface Runner {
  queue: JobQueue;
  log: ReturnType<typeof memoryLog>;
  /** The backoff waits the runner asked for, when it lets a test see them (in-process). */
  delays: number[] | undefined;
}

const open: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((q) => q.close(1000)));
});

const runners: Record<string, (ctx: TestContext) => Promise<Runner>> = {
  'in-process': async () => {
    const log = memoryLog();
    const delays: number[] = [];
    const queue = new InProcessJobQueue(log, {
      schedule: (ms, retry) => {
        delays.push(ms);
        setImmediate(retry);
      },
    });
    open.push(queue);
    return { queue, log, delays };
  },
  bullmq: async (ctx) => {
    if (!redisUp()) ctx.skip();
    const log = memoryLog();
    const prefix = `test-jobs-${randomBytes(4).toString('hex')}`;
    const queue = await BullMqJobQueue.connect(TEST_REDIS_URL, log, { prefix, ephemeral: true });
    open.push(queue);
    return { queue, log, delays: undefined };
  },
};

// Small backoffs: BullMQ really waits them; the in-process runner here only records them.
const echo = defineJob<{ n: number }>('test-echo', { attempts: 3, backoffMs: 5, concurrency: 2 });

describe.each(Object.keys(runners))('the %s runner', (name) => {
  const start = (ctx: TestContext) => (runners[name] as (ctx: TestContext) => Promise<Runner>)(ctx);

  it('runs a job with its payload, once per key while it is pending, again once it finished', async (ctx) => {
    const { queue } = await start(ctx);
    const held = gate();
    const seen: Array<{ n: number; attempt: number }> = [];
    queue.handle(echo, async ({ n }, { attempt }) => {
      seen.push({ n, attempt });
      await held.promise;
    });
    await queue.enqueue(echo, { n: 1 }, 'same');
    await queue.enqueue(echo, { n: 2 }, 'same');
    held.open();
    await queue.idle();
    expect(seen).toEqual([{ n: 1, attempt: 1 }]);

    await queue.enqueue(echo, { n: 3 }, 'same');
    await queue.enqueue(echo, { n: 4 }, 'other');
    await queue.idle();
    expect(seen.map((s) => s.n).sort()).toEqual([1, 3, 4]);
  });

  it('retries a failing job with exponential backoff until it succeeds', async (ctx) => {
    const { queue, log, delays } = await start(ctx);
    const attempts: number[] = [];
    const done = gate();
    queue.handle(echo, async (_payload, { attempt }) => {
      attempts.push(attempt);
      if (attempt < 3) throw new Error(`provider down (try ${attempt})`);
      done.open();
    });
    await queue.enqueue(echo, { n: 1 }, 'flaky');
    await done.promise;
    await queue.idle();
    expect(attempts).toEqual([1, 2, 3]);
    if (delays) expect(delays).toEqual([5, 10]);
    expect(log.entries.filter((e) => e.msg === 'jobs: job failed, retrying')).toHaveLength(2);
    expect(log.entries.some((e) => e.level === 'error')).toBe(false);
  });

  it('logs and drops a job that fails every attempt; its key is free again', async (ctx) => {
    const { queue, log } = await start(ctx);
    let calls = 0;
    queue.handle(echo, async () => {
      calls += 1;
      throw new Error('always');
    });
    await queue.enqueue(echo, { n: 1 }, 'doomed');
    await queue.idle();
    expect(calls).toBe(3);
    const dropped = log.entries.filter((e) => e.msg === 'jobs: job failed for the last time, dropped');
    expect(dropped).toHaveLength(1);
    expect(dropped[0]?.obj).toMatchObject({ job: 'test-echo', attempt: 3 });

    await queue.enqueue(echo, { n: 2 }, 'doomed');
    await queue.idle();
    expect(calls).toBe(6);

    // The admins' view (issue 17): the kind with nothing pending, and both drops, newest first.
    await expect.poll(async () => (await queue.stats()).failures.length).toBe(2);
    const stats = await queue.stats();
    expect(stats.kinds).toEqual([{ name: 'test-echo', waiting: 0, active: 0, delayed: 0 }]);
    expect(stats.failures[0]).toMatchObject({
      job: 'test-echo',
      key: 'doomed',
      attempts: 3,
      error: 'always',
    });
  });

  it('counts what waits and what runs, per kind', async (ctx) => {
    const { queue } = await start(ctx);
    const held = gate();
    const started = gate();
    queue.handle(echo, async () => {
      started.open();
      await held.promise;
    });
    await queue.enqueue(echo, { n: 1 }, 'a');
    await queue.enqueue(echo, { n: 2 }, 'b');
    await queue.enqueue(echo, { n: 3 }, 'c');
    await started.promise;
    await expect
      .poll(async () => (await queue.stats()).kinds)
      .toEqual([{ name: 'test-echo', waiting: 1, active: 2, delayed: 0 }]);
    held.open();
  });

  it('closing waits for the running job, then refuses new ones', async (ctx) => {
    const { queue } = await start(ctx);
    const started = gate();
    const held = gate();
    const order: string[] = [];
    queue.handle(echo, async () => {
      started.open();
      await held.promise;
      order.push('job finished');
    });
    await queue.enqueue(echo, { n: 1 }, 'slow');
    await started.promise;
    const closing = queue.close(60_000).then(() => order.push('closed'));
    held.open();
    await closing;
    expect(order).toEqual(['job finished', 'closed']);
    await expect(queue.enqueue(echo, { n: 2 }, 'late')).rejects.toThrow('job queue closed');
  });

  it('closing gives up on a job that outlives the grace', async (ctx) => {
    const { queue, log } = await start(ctx);
    const started = gate();
    queue.handle(echo, async () => {
      started.open();
      await new Promise(() => {});
    });
    await queue.enqueue(echo, { n: 1 }, 'stuck');
    await started.promise;
    await queue.close(20);
    expect(log.entries.some((e) => e.level === 'warn' && /at shutdown/.test(e.msg ?? ''))).toBe(true);
  });
});

describe('delayed jobs', () => {
  it('in-process: a delayed job waits its delay, does not keep idle() busy, runs once due and once per key', async () => {
    const due: Array<() => void> = [];
    const waits: number[] = [];
    const queue = new InProcessJobQueue(memoryLog(), {
      schedule: (ms, run) => {
        waits.push(ms);
        due.push(run);
      },
    });
    open.push(queue);
    const seen: number[] = [];
    queue.handle(echo, async ({ n }) => void seen.push(n));
    await queue.enqueue(echo, { n: 1 }, 'later', { delayMs: 60_000 });
    await queue.enqueue(echo, { n: 2 }, 'later', { delayMs: 60_000 });
    await queue.idle();
    expect(seen).toEqual([]);
    expect(waits).toEqual([60_000]);
    due[0]?.();
    await queue.idle();
    expect(seen).toEqual([1]);
  });

  it('bullmq: a job delayed into the future does not keep idle() busy and has not run', async (ctx) => {
    if (!redisUp()) ctx.skip();
    const prefix = `test-jobs-${randomBytes(4).toString('hex')}`;
    const queue = await BullMqJobQueue.connect(TEST_REDIS_URL, memoryLog(), { prefix, ephemeral: true });
    open.push(queue);
    const seen: number[] = [];
    queue.handle(echo, async ({ n }) => void seen.push(n));
    await queue.enqueue(echo, { n: 1 }, 'much-later', { delayMs: 3_600_000 });
    await queue.idle();
    expect(seen).toEqual([]);
  });
});

describe('job definitions', () => {
  it('doubles the wait after each failed try, starting from the backoff', () => {
    const job = defineJob<{ id: string }>('x', { backoffMs: 30_000 });
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(job, attempt))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
  });

  it('refuses names and keys BullMQ could not store', async () => {
    expect(() => defineJob('has:colon')).toThrow();
    const queue = new InProcessJobQueue(memoryLog());
    open.push(queue);
    queue.handle(echo, async () => {});
    await expect(queue.enqueue(echo, { n: 1 }, 'a:b')).rejects.toThrow('letters, digits');
    await expect(queue.enqueue(echo, { n: 1 }, '')).rejects.toThrow('letters, digits');
  });
});
