import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { AUTH_MESSAGES, VOICE_TEXTS } from '@podruga/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { errors } from '../errors.ts';
import { normalizeEmail } from '../modules/auth/email.ts';
import { connectRedis } from '../redis.ts';

const MINUTE = 60_000;

function bodyEmail(request: FastifyRequest): string {
  const body = request.body;
  if (typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string') {
    return normalizeEmail(body.email);
  }
  return '';
}

/** Keyed by the session user: these routes run the limit after their access check (plugins/auth.ts). */
const perUser = {
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
} as const;

/**
 * Per-route limits (the plugin is registered with `global: false`): our numbers, generous for people,
 * tight for scripts and password guessing. The anonymous-session rule (DESIGN §5) and the per-account
 * login lock need more than a route hook knows: `GuestLimits` and `LoginThrottle` in modules/auth.
 */
export const RATE_LIMITS = {
  /** Each logout hands out a guest that the address limit does not count: counted per account. */
  logout: { ...perUser, max: 20, timeWindow: 60 * MINUTE },
  login: { max: 10, timeWindow: MINUTE },
  register: { max: 10, timeWindow: MINUTE },
  /** Per address and client: after the body is parsed, so the address is part of the key. */
  recovery: {
    max: 5,
    timeWindow: 15 * MINUTE,
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `${request.ip}|${bodyEmail(request)}`,
    errorResponseBuilder: () => errors.tooManyRequests(AUTH_MESSAGES.recoveryTooMany),
  },
  changeEmail: { ...perUser, max: 5, timeWindow: 15 * MINUTE },
  resendVerification: { ...perUser, max: 3, timeWindow: 15 * MINUTE },
  linkToken: { max: 20, timeWindow: MINUTE },
  debugAccess: { max: 10, timeWindow: MINUTE },
  /** Portraits cost money on a real provider: 20 an hour per user, on top of the per-draft limit. */
  generateImage: {
    ...perUser,
    max: 20,
    timeWindow: 60 * MINUTE,
    errorResponseBuilder: () =>
      errors.tooManyRequests('Слишком много генераций подряд. Попробуйте через час'),
  },
  /** Her failed photo or video asked for again: the day's allowance bounds it; this bounds the clicking. */
  retryMedia: { ...perUser, max: 20, timeWindow: 15 * MINUTE },
  /**
   * Each voice message is a call to the speech service (paid on a real one): 30 per 10 minutes per
   * user is a message every 20 s, far more than people speak to her.
   */
  transcribe: {
    ...perUser,
    max: 30,
    timeWindow: 10 * MINUTE,
    errorResponseBuilder: () => errors.tooManyRequests(VOICE_TEXTS.tooMany),
  },
  /** Her messages spoken (the listen button): a real speech service costs per character; kept ones are cheap. */
  speech: {
    ...perUser,
    max: 60,
    timeWindow: 10 * MINUTE,
    errorResponseBuilder: () =>
      errors.tooManyRequests('Слишком много запросов на озвучку. Попробуйте через минуту'),
  },
  /** Each test push is a request to a push service on the user's behalf. */
  pushTest: { ...perUser, max: 5, timeWindow: MINUTE },
  /** A browser subscribes once; re-subscribing in a loop only churns rows. */
  pushSubscribe: { ...perUser, max: 20, timeWindow: 15 * MINUTE },
  /** Each order is a call to a payment provider: 20 per 15 minutes per user. */
  paymentCreate: { ...perUser, max: 20, timeWindow: 15 * MINUTE },
  /** The dialogs poll every 10–30 s; the provider itself is asked at most every few seconds per order. */
  paymentStatus: { ...perUser, max: 120, timeWindow: MINUTE },
  /** Providers' callbacks and the sandbox page's buttons, per address. */
  paymentCallback: { max: 120, timeWindow: MINUTE },
} satisfies Record<string, RateLimitOptions>;

/** Named counters for the rules a route hook cannot express (per account, per proven session). */
export interface Counters {
  /** A counter of `points` per `durationS` seconds under its own key space (rate-limiter-flexible). */
  create(name: string, options: { points: number; durationS: number }): RateLimiterAbstract;
}

/**
 * Counters live in Redis when REDIS_URL is set, so every instance behind the load balancer shares
 * them; otherwise in this process's memory. Returns the factory for the services' own counters, on
 * the same store; when Redis fails, those fall back to memory rather than failing the request.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  redisUrl: string | undefined,
  keyPrefix = 'podruga:',
): Promise<Counters> {
  const redis = redisUrl ? await connectRedis(redisUrl) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${keyPrefix}rate-limit:`,
    errorResponseBuilder: () => errors.tooManyRequests(),
  });
  return {
    create(name, { points, durationS }) {
      const options = { keyPrefix: `${keyPrefix}${name}`, points, duration: durationS };
      return redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
    },
  };
}
