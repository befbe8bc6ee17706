import type { Logger } from '../logger.ts';
import {
  backoffDelay,
  checkJobKey,
  type EnqueueOptions,
  FAILURES_KEPT,
  failureOf,
  type JobFailure,
  type JobHandler,
  type JobQueue,
  type JobStats,
  type JobType,
  MAX_TIMER_MS,
  settlesWithin,
} from './queue.ts';

interface Job {
  type: JobType<unknown>;
  payload: unknown;
  /** `name:key`, taken from enqueue until the job succeeds or is dropped. */
  id: string;
  attempt: number;
}

export interface InProcessOptions {
  /** Runs `retry` after `ms`; tests pass one that records the backoff instead of waiting it out. */
  schedule?: (ms: number, retry: () => void) => void;
}

/**
 * The default runner: jobs live in this process's memory, so a restart loses what was queued. A job
 * kind whose work must survive one is enqueued again from the database at start (the catalogue seed
 * does this for missing portraits); set REDIS_URL to keep jobs in Redis instead.
 */
export class InProcessJobQueue implements JobQueue {
  readonly adapter = 'in-process';
  readonly offline = true;
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly waiting = new Map<string, Job[]>();
  private readonly running = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly ids = new Set<string>();
  /** Jobs enqueued with a delay and not due yet: not counted by idle(). */
  private readonly delayed = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private idleWaiters: Array<() => void> = [];
  private readonly failures: JobFailure[] = [];
  private closed = false;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly log: Logger,
    private readonly options: InProcessOptions = {},
  ) {}

  describe(): string {
    return 'jobs: in-process, lost on restart (set REDIS_URL to queue them in Redis with BullMQ)';
  }

  handle<P>(type: JobType<P>, handler: JobHandler<P>): void {
    if (this.handlers.has(type.name)) throw new Error(`job ${type.name}: a handler is already registered`);
    this.handlers.set(type.name, handler as JobHandler<unknown>);
  }

  async enqueue<P>(type: JobType<P>, payload: P, key: string, options: EnqueueOptions = {}): Promise<void> {
    checkJobKey(type, key);
    if (this.closed) throw new Error('job queue closed');
    if (!this.handlers.has(type.name)) throw new Error(`job ${type.name}: no handler registered`);
    const id = `${type.name}:${key}`;
    if (this.ids.has(id) || this.delayed.has(id)) return;
    const job = { type, payload, id, attempt: 1 };
    if (options.delayMs && options.delayMs > 0) {
      this.delayed.add(id);
      this.schedule(options.delayMs, () => {
        this.delayed.delete(id);
        if (this.closed) return;
        this.ids.add(id);
        this.push(job);
      });
      return;
    }
    this.ids.add(id);
    this.push(job);
  }

  idle(): Promise<void> {
    if (this.ids.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async stats(): Promise<JobStats> {
    const delayedOf = (name: string) => [...this.delayed].filter((id) => id.startsWith(`${name}:`)).length;
    return {
      runner: this.adapter,
      kinds: [...this.handlers.keys()].sort().map((name) => ({
        name,
        waiting: this.waiting.get(name)?.length ?? 0,
        active: this.running.get(name) ?? 0,
        delayed: delayedOf(name),
      })),
      failures: [...this.failures],
    };
  }

  close(graceMs: number): Promise<void> {
    this.closing ??= this.shutDown(graceMs);
    return this.closing;
  }

  private async shutDown(graceMs: number): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const dropped = [...this.waiting.values()].reduce((n, jobs) => n + jobs.length, 0);
    this.waiting.clear();
    if (dropped > 0) this.log.warn({ dropped }, 'jobs: queued jobs dropped at shutdown');
    const finished = await settlesWithin(Promise.all(this.inFlight), graceMs);
    if (!finished) this.log.warn({ running: this.inFlight.size }, 'jobs: running jobs abandoned at shutdown');
    this.ids.clear();
    this.delayed.clear();
    this.settle();
  }

  private push(job: Job): void {
    const queue = this.waiting.get(job.type.name) ?? [];
    queue.push(job);
    this.waiting.set(job.type.name, queue);
    this.pump(job.type);
  }

  /** Starts waiting jobs of a kind while it has room under its concurrency. */
  private pump(type: JobType<unknown>): void {
    const queue = this.waiting.get(type.name) ?? [];
    while (!this.closed && queue.length > 0 && (this.running.get(type.name) ?? 0) < type.concurrency) {
      const job = queue.shift() as Job;
      this.running.set(type.name, (this.running.get(type.name) ?? 0) + 1);
      const run = this.run(job).finally(() => {
        this.inFlight.delete(run);
        this.running.set(type.name, (this.running.get(type.name) ?? 1) - 1);
        this.pump(type);
        this.settle();
      });
      this.inFlight.add(run);
    }
  }

  private async run(job: Job): Promise<void> {
    const handler = this.handlers.get(job.type.name) as JobHandler<unknown>;
    const where = { job: job.type.name, id: job.id, attempt: job.attempt };
    try {
      await handler(job.payload, { attempt: job.attempt });
      this.ids.delete(job.id);
    } catch (error) {
      if (job.attempt >= job.type.attempts || this.closed) {
        this.ids.delete(job.id);
        this.log.error({ ...where, err: error }, 'jobs: job failed for the last time, dropped');
        this.failures.unshift(
          failureOf(job.type.name, job.id.slice(job.type.name.length + 1), job.attempt, error),
        );
        this.failures.length = Math.min(this.failures.length, FAILURES_KEPT);
        return;
      }
      const delayMs = backoffDelay(job.type, job.attempt);
      this.log.warn({ ...where, err: error, delayMs }, 'jobs: job failed, retrying');
      this.schedule(delayMs, () => {
        if (this.closed) return;
        this.push({ ...job, attempt: job.attempt + 1 });
      });
    }
  }

  private schedule(ms: number, retry: () => void): void {
    if (this.options.schedule) {
      this.options.schedule(ms, retry);
      return;
    }
    // Waits longer than setTimeout's limit (a yearly plan's reminder) go in steps.
    const step = Math.min(ms, MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (ms > step) this.schedule(ms - step, retry);
      else retry();
    }, step);
    this.timers.add(timer);
  }

  private settle(): void {
    if (this.ids.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
