import type { ProviderInfo } from '../providers/port.ts';

/**
 * A kind of job: its name, its payload type and its retry policy, declared once beside the module that
 * handles it (`defineJob`). The payload travels as JSON when the queue is BullMQ, so it holds ids and
 * plain values, never rows or buffers: the handler reads the current state itself.
 */
export interface JobType<P> {
  readonly name: string;
  /** Tries in all, the first included; a job that fails them all is logged and dropped. */
  readonly attempts: number;
  /** The first retry waits this long, each next one twice as long (exponential backoff). */
  readonly backoffMs: number;
  /** Jobs of this kind one process runs at the same time. */
  readonly concurrency: number;
  /** Never set: carries the payload type from `defineJob` to `handle` and `enqueue`. */
  readonly payload?: P;
}

export interface JobOptions {
  attempts?: number;
  backoffMs?: number;
  concurrency?: number;
}

/** Names and keys become BullMQ queue names and job ids: letters, digits, `_`, `-`, `.` only. */
const NAME_PATTERN = /^[\w.-]{1,100}$/;

/** Declares a job kind; `P` is the payload its handler receives. */
export function defineJob<P extends object>(name: string, options: JobOptions = {}): JobType<P> {
  if (!NAME_PATTERN.test(name)) throw new Error(`job name "${name}": letters, digits, _ - . only`);
  return {
    name,
    attempts: options.attempts ?? 5,
    backoffMs: options.backoffMs ?? 10_000,
    concurrency: options.concurrency ?? 1,
  };
}

/** Throws on a key that BullMQ could not use as a job id, so both runners accept the same keys. */
export function checkJobKey(type: JobType<unknown>, key: string): void {
  if (!NAME_PATTERN.test(key)) throw new Error(`job ${type.name}: key "${key}": letters, digits, _ - . only`);
}

/** The wait before try `attempt + 1` after try `attempt` failed (BullMQ's exponential formula). */
export function backoffDelay(type: JobType<unknown>, attempt: number): number {
  return type.backoffMs * 2 ** (attempt - 1);
}

export interface EnqueueOptions {
  /** Run no sooner than this many milliseconds from now (a reminder at an expiry). */
  delayMs?: number;
}

/** setTimeout's longest wait; longer delays are waited in steps. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

interface JobContext {
  /** 1 for the first try. */
  attempt: number;
}

/** Does the work; throwing (or rejecting) schedules a retry. Must be safe to run twice for one key. */
export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

/**
 * The queue of slow work kept off the request path (DESIGN §2): in-process by default, BullMQ on Redis
 * when REDIS_URL is set, the same contract for both (jobs.test.ts runs it on each).
 */
export interface JobQueue extends ProviderInfo {
  /** Registers the one handler of a job kind in this process; call it before the app is ready. */
  handle<P>(type: JobType<P>, handler: JobHandler<P>): void;
  /**
   * Adds a job unless one with the same key is already waiting, running or waiting for a retry (the
   * idempotency key): enqueueing the same work twice does it once. After it finished, the key is free.
   */
  enqueue<P>(type: JobType<P>, payload: P, key: string, options?: EnqueueOptions): Promise<void>;
  /**
   * Resolves once no job is waiting, running or waiting for a retry (tests, scripts). A job enqueued
   * with a delay counts only once it is due.
   */
  idle(): Promise<void>;
  /**
   * What the admins' view shows (issue 17): per job kind handled or enqueued here, the jobs waiting,
   * running and delayed (with BullMQ: across every instance), and the latest jobs dropped after their
   * last try, newest first.
   */
  stats(): Promise<JobStats>;
  /**
   * Takes no more jobs and waits up to `graceMs` for the running ones. What is left is retried later:
   * by another worker (BullMQ) or by whoever enqueues it at the next start (in-process).
   */
  close(graceMs: number): Promise<void>;
}

export interface JobKindStats {
  name: string;
  waiting: number;
  active: number;
  delayed: number;
}

/** A job dropped after its last try. */
export interface JobFailure {
  job: string;
  key: string;
  attempts: number;
  error: string;
  /** ISO time. */
  at: string;
}

export interface JobStats {
  runner: string;
  kinds: JobKindStats[];
  failures: JobFailure[];
}

/** How many of the latest failures are kept for the admins' view. */
export const FAILURES_KEPT = 50;

/** A failure as kept: the error's message only, cut to 300 characters (no stacks, no payloads). */
export function failureOf(job: string, key: string, attempts: number, error: unknown): JobFailure {
  const message = error instanceof Error ? error.message : String(error);
  return { job, key, attempts, error: message.slice(0, 300), at: new Date().toISOString() };
}

/** Whether `work` settled within `ms` (a shutdown's grace); the timer never outlives the wait. */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
