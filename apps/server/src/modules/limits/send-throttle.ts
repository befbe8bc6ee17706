import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Counters } from '../../plugins/rate-limit.ts';

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
}

/**
 * On the app's counters (plugins/rate-limit.ts): in Redis when `REDIS_URL` is set, so every instance
 * shares them (memory stands in while Redis is unreachable); otherwise in this process's memory.
 */
export function createSendThrottle(
  counters: Counters,
  options: SendThrottleOptions = SEND_THROTTLE,
): SendThrottle {
  const limiter = counters.create('send', { points: options.points, durationS: options.seconds });
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
  };
}
