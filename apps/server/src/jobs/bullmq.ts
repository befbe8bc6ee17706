import type { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import { connectRedis } from '../redis.ts';
import {
  checkJobKey,
  type EnqueueOptions,
  FAILURES_KEPT,
  failureOf,
  type JobFailure,
  type JobHandler,
  type JobQueue,
  type JobStats,
  type JobType,
  settlesWithin,
} from './queue.ts';

export interface BullMqOptions {
  /** Key prefix in Redis; tests sharing one Redis each take their own. */
  prefix: string;
  /** Tests: remove the queues' keys on close. */
  ephemeral?: boolean;
}

/** How often `idle()` asks Redis whether jobs remain. */
const IDLE_POLL_MS = 25;

/**
 * The runner when REDIS_URL is set: one BullMQ queue per job kind, shared by every instance; each
 * instance runs a worker for the kinds it handles. The job's key is its BullMQ id, and finished or
 * dropped jobs are removed, so a key is taken only while its job waits, runs or waits for a retry.
 * A job running on an instance that dies is picked up again by another once its lock expires.
 */
export class BullMqJobQueue implements JobQueue {
  readonly adapter = 'bullmq';
  readonly offline = false;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private workerConnection: Redis | undefined;
  private closed = false;
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly bullmq: typeof import('bullmq'),
    private readonly connection: Redis,
    private readonly log: Logger,
    private readonly options: BullMqOptions,
  ) {}

  /** bullmq and ioredis are loaded only here: an instance without Redis never holds them. */
  static async connect(url: string, log: Logger, options: BullMqOptions): Promise<BullMqJobQueue> {
    const [bullmq, connection] = await Promise.all([import('bullmq'), connectRedis(url)]);
    return new BullMqJobQueue(bullmq, connection, log, options);
  }

  describe(): string {
    return `jobs: BullMQ on Redis, key prefix ${this.options.prefix}`;
  }

  handle<P>(type: JobType<P>, handler: JobHandler<P>): void {
    // Workers block on Redis waiting for jobs, so BullMQ wants their connection to retry forever.
    this.workerConnection ??= this.connection.duplicate({ maxRetriesPerRequest: null });
    const worker = new this.bullmq.Worker(
      type.name,
      (job) => {
        const run = handler(job.data as P, { attempt: job.attemptsMade + 1 });
        const tracked = run.then(
          () => {},
          () => {},
        );
        this.inFlight.add(tracked);
        void tracked.finally(() => this.inFlight.delete(tracked));
        return run;
      },
      { connection: this.workerConnection, prefix: this.options.prefix, concurrency: type.concurrency },
    );
    worker.on('failed', (job, error) => {
      if (!job) return;
      const where = { job: type.name, id: job.id, attempt: job.attemptsMade, err: error };
      if (job.attemptsMade >= type.attempts) {
        this.log.error(where, 'jobs: job failed for the last time, dropped');
        // Kept in Redis (the latest few), so every instance's admin view shows every instance's failures.
        const failure = JSON.stringify(failureOf(type.name, job.id ?? '', job.attemptsMade, error));
        void this.connection
          .multi()
          .lpush(this.failuresKey, failure)
          .ltrim(this.failuresKey, 0, FAILURES_KEPT - 1)
          .exec()
          .catch((err: unknown) => this.log.warn({ err }, 'jobs: failure not recorded'));
      } else this.log.warn(where, 'jobs: job failed, retrying');
    });
    worker.on('error', (error) => this.log.error({ job: type.name, err: error }, 'jobs: worker error'));
    this.workers.push(worker);
    this.queue(type);
  }

  async enqueue<P>(type: JobType<P>, payload: P, key: string, options: EnqueueOptions = {}): Promise<void> {
    checkJobKey(type, key);
    if (this.closed) throw new Error('job queue closed');
    await this.queue(type).add(type.name, payload, {
      jobId: key,
      ...(options.delayMs ? { delay: Math.max(0, Math.round(options.delayMs)) } : {}),
      attempts: type.attempts,
      backoff: { type: 'exponential', delay: type.backoffMs },
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  async idle(): Promise<void> {
    for (;;) {
      const queues = [...this.queues.values()];
      const counts = await Promise.all(
        queues.map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'prioritized')),
      );
      const total = counts.reduce((n, c) => n + Object.values(c).reduce((a, b) => a + b, 0), 0);
      // A job enqueued with a delay and never tried is not due yet: it does not keep the queue busy.
      // Counted after the totals, so a job moving meanwhile keeps the queue busy for one more poll.
      const notDue = (await Promise.all(queues.map((q) => q.getDelayed())))
        .flat()
        .filter((j) => (j.opts.delay ?? 0) > 0 && j.attemptsMade === 0).length;
      if (total - notDue <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
    }
  }

  private get failuresKey(): string {
    return `${this.options.prefix}:podruga:failures`;
  }

  async stats(): Promise<JobStats> {
    const queues = [...this.queues.entries()].sort(([a], [b]) => a.localeCompare(b));
    const counts = await Promise.all(
      queues.map(([, q]) => q.getJobCounts('waiting', 'prioritized', 'active', 'delayed')),
    );
    const raw = await this.connection.lrange(this.failuresKey, 0, FAILURES_KEPT - 1);
    const failures = raw.flatMap((line) => {
      try {
        return [JSON.parse(line) as JobFailure];
      } catch {
        return [];
      }
    });
    return {
      runner: this.adapter,
      kinds: queues.map(([name], i) => ({
        name,
        waiting: (counts[i]?.waiting ?? 0) + (counts[i]?.prioritized ?? 0),
        active: counts[i]?.active ?? 0,
        delayed: counts[i]?.delayed ?? 0,
      })),
      failures,
    };
  }

  close(graceMs: number): Promise<void> {
    this.closing ??= this.shutDown(graceMs);
    return this.closing;
  }

  private async shutDown(graceMs: number): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((w) => w.pause(true)));
    const finished = await settlesWithin(Promise.all(this.inFlight), graceMs);
    if (!finished) {
      this.log.warn({ running: this.inFlight.size }, 'jobs: running jobs left to another worker at shutdown');
    }
    await Promise.all(this.workers.map((w) => w.close(!finished)));
    if (this.options.ephemeral) {
      await Promise.all([...this.queues.values()].map((q) => q.obliterate({ force: true })));
      await this.connection.del(this.failuresKey).catch(() => 0);
    }
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    await Promise.allSettled([this.connection.quit(), this.workerConnection?.quit()]);
  }

  private queue(type: JobType<unknown>): Queue {
    let queue = this.queues.get(type.name);
    if (!queue) {
      queue = new this.bullmq.Queue(type.name, { connection: this.connection, prefix: this.options.prefix });
      this.queues.set(type.name, queue);
    }
    return queue;
  }
}
