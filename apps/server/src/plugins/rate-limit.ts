import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import { AUTH_MESSAGES, VOICE_TEXTS } from '@podruga/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
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
  if (redis) {
    app.addHook('onClose', async () => void (await redis.quit()));
    await firstConnect(redis, app);
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: insuredStore(redis, `${keyPrefix}rate-limit:`) } : {}),
    errorResponseBuilder: () => errors.tooManyRequests(),
  });
  return {
    create(name, { points, durationS }) {
      const options = { keyPrefix: `${keyPrefix}${name}`, points, duration: durationS };
      return redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
    },
  };
}

/**
 * Waits for the first connection (or its failure) so the first requests already count in Redis; then
 * logs each outage once. While Redis is not ready, counters use their memory insurance at once
 * (`rejectIfRedisNotReady`) instead of holding requests through ioredis's retries.
 */
async function firstConnect(redis: Redis, app: FastifyInstance): Promise<void> {
  let down = false;
  redis.on('error', (error) => {
    if (!down)
      app.log.warn({ err: error }, 'rate limits: Redis unreachable, counting in this process meanwhile');
    down = true;
  });
  redis.on('ready', () => {
    if (down) app.log.info('rate limits: Redis is back');
    down = false;
  });
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const settle = () => {
      redis.off('ready', settle);
      redis.off('error', settle);
      resolve();
    };
    redis.on('ready', settle);
    redis.on('error', settle);
  });
}

/**
 * The route limits' store with Redis: the plugin's own Redis store fails every limited route while Redis
 * is unreachable, so this one counts with rate-limiter-flexible like the named counters — in Redis,
 * shared by every instance, and in this process's memory (insurance) only while Redis fails. Keys:
 * `<prefix>rate-limit:<METHOD><url>-:<client key>`.
 */
function insuredStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  const limiters = new Map<string, RateLimiterRedis>();
  const limiter = (keyPrefix: string, windowMs: number) => {
    const id = `${keyPrefix}|${windowMs}`;
    let found = limiters.get(id);
    if (!found) {
      // Only counted (`penalty`), never refused here: the plugin compares the count with the route's max.
      const options = { keyPrefix, points: Number.MAX_SAFE_INTEGER, duration: windowMs / 1000 };
      found = new RateLimiterRedis({
        ...options,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      });
      limiters.set(id, found);
    }
    return found;
  };
  class InsuredStore implements FastifyRateLimitStore {
    /** The plugin calls `new Store(globalOptions)`; children carry their route's prefix. */
    constructor(
      _options?: unknown,
      private readonly prefix = nameSpace,
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      limiter(this.prefix, timeWindow)
        .penalty(key, 1)
        .then(
          (res) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(route: object): FastifyRateLimitStore {
      // The plugin hands the merged route options; the route itself is under `routeInfo` (as its RedisStore reads it).
      const info = (route as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new InsuredStore(undefined, `${nameSpace}${String(info?.method)}${String(info?.url)}-`);
    }
  }
  return InsuredStore;
}
