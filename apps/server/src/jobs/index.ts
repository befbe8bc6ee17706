import type { Logger } from '../logger.ts';
import { InProcessJobQueue, type InProcessOptions } from './in-process.ts';
import type { JobQueue } from './queue.ts';

/** The BullMQ key prefix of the app's queues. */
const JOBS_PREFIX = 'podruga-jobs';

export interface JobQueueOptions extends InProcessOptions {
  /** BullMQ key prefix (tests sharing one Redis each take their own); default `podruga-jobs`. */
  prefix?: string;
  /** Tests: remove the BullMQ queues' keys on close. */
  ephemeral?: boolean;
}

/** REDIS_URL picks BullMQ, shared by every instance; without it jobs run in this process. */
export async function createJobQueue(
  redisUrl: string | undefined,
  log: Logger,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  if (!redisUrl) return new InProcessJobQueue(log, options);
  const { BullMqJobQueue } = await import('./bullmq.ts');
  return BullMqJobQueue.connect(redisUrl, log, {
    prefix: options.prefix ?? JOBS_PREFIX,
    ephemeral: options.ephemeral ?? false,
  });
}
