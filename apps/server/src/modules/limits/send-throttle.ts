import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { connectRedis } from '../../redis.ts';

/**
 * How fast one user may send chat messages (socket and HTTP alike): generous for a person typing,
 * tight for a script. The daily limit still decides how many are answered; this stops a flood from
 * being stored at all (issue 9: 60 sends by a guest at the limit stored 95 rows).
 */
export interface SendThrottleOptions {
  /** Messages allowed per window. */
  points: number;
  /** The window, in seconds. */
  seconds: number;
}

/**
 * 30 a minute on average, in bursts of up to 10: a person who fires off a few short lines, reloads and
 * writes again stays clear (the chat journey sends 6 in under 10 s); a script is held to one every 2 s.
 */
export const SEND_THROTTLE: SendThrottleOptions = { points: 10, seconds: 20 };

/** Takes one send from a user's window; false = over the limit, refuse the message. */
export interface SendThrottle {
  take(userId: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Counters in Redis when `redisUrl` is set, so every instance shares them (a memory limiter stands in
 * while Redis is unreachable); otherwise in this process's memory.
 */
export async function createSendThrottle(
  redisUrl: string | undefined,
  options: SendThrottleOptions = SEND_THROTTLE,
): Promise<SendThrottle> {
  const limits = { points: options.points, duration: options.seconds, keyPrefix: 'podruga:send' };
  const memory = new RateLimiterMemory(limits);
  const redis = redisUrl ? await connectRedis(redisUrl) : undefined;
  const limiter = redis
    ? new RateLimiterRedis({ ...limits, storeClient: redis, insuranceLimiter: memory })
    : memory;
  return {
    async take(userId) {
      try {
        await limiter.consume(userId);
        return true;
      } catch (error) {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    },
    close: async () => void (await redis?.quit()),
  };
}
