import { createHash } from 'node:crypto';
import { ANONYMOUS_SESSIONS_PER_HOUR } from '@podruga/shared';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { errors } from '../../errors.ts';
import type { Counters } from '../../plugins/rate-limit.ts';
import { normalizeEmail } from './email.ts';

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;

export interface LoginThrottleOptions {
  /** Wrong passwords in a row an account may take before it is locked. */
  freeFailures: number;
  /** The first lock; each further lock within a day doubles it… */
  firstLockS: number;
  /** …up to this. */
  maxLockS: number;
}

/** 5 failures → 1 min, then 2, 4, 8… up to 1 h (issue 9; docs/decisions/0005). */
export const LOGIN_THROTTLE: LoginThrottleOptions = { freeFailures: 5, firstLockS: 60, maxLockS: HOUR_S };

/** Guests one proven earlier session (a signed token of a user that is no longer a guest) may start an hour. */
const GUESTS_PER_PROOF_PER_HOUR = ANONYMOUS_SESSIONS_PER_HOUR;

/**
 * Per-account login throttling on top of the per-address limit: keyed on the normalised e-mail
 * whether or not an account has it, so unknown and known addresses behave alike (no enumeration).
 * Failures count for a day; the failure that reaches `freeFailures` locks the address for a lock
 * that doubles with each lock of the day; while locked even the right password gets the 429; a
 * success clears both counts. The counters live where the app's rate limits live (Redis or memory).
 */
export class LoginThrottle {
  private readonly failures;
  private readonly locks;

  constructor(
    counters: Counters,
    private readonly options: LoginThrottleOptions = LOGIN_THROTTLE,
  ) {
    this.failures = counters.create('login-failures', { points: options.freeFailures, durationS: DAY_S });
    this.locks = counters.create('login-locks', { points: 1_000_000, durationS: DAY_S });
  }

  /** The 429 (with Retry-After) while the address is locked. */
  async assertOpen(email: string): Promise<void> {
    const state = await this.failures.get(keyOf(email));
    if (state && state.consumedPoints > this.options.freeFailures) {
      throw errors.tooManyRequests(undefined, state.msBeforeNext / 1000);
    }
  }

  async failed(email: string): Promise<void> {
    const key = keyOf(email);
    const { consumedPoints } = await this.failures.penalty(key, 1);
    if (consumedPoints !== this.options.freeFailures) return;
    const lockNumber = (await this.locks.penalty(key, 1)).consumedPoints;
    const lockS = Math.min(this.options.firstLockS * 2 ** (lockNumber - 1), this.options.maxLockS);
    // Sets the count above the allowance for the lock's length; when it expires the count starts over.
    await this.failures.block(key, lockS);
  }

  async succeeded(email: string): Promise<void> {
    const key = keyOf(email);
    await Promise.all([this.failures.delete(key), this.locks.delete(key)]);
  }
}

/** Addresses are personal data: the counters keep a hash of the normalised address. */
function keyOf(email: string): string {
  return createHash('sha256').update(normalizeEmail(email)).digest('base64url').slice(0, 32);
}

/**
 * How many new guests may start (DESIGN §5, 000 §9): fresh visitors count per client address; a
 * device that proves an earlier session counts per proven user instead, so logging out and in, or
 * coming back after the token expired, never meets the address limit, and a replayed proof gets no
 * more guests than a fresh visitor.
 */
export class GuestLimits {
  private readonly perAddress;
  private readonly perSubject;

  constructor(counters: Counters) {
    this.perAddress = counters.create('guests-address', {
      points: ANONYMOUS_SESSIONS_PER_HOUR,
      durationS: HOUR_S,
    });
    this.perSubject = counters.create('guests-subject', {
      points: GUESTS_PER_PROOF_PER_HOUR,
      durationS: HOUR_S,
    });
  }

  /** Takes one guest from the allowance, or throws the 429 `anonymous_limit` with Retry-After. */
  async take(by: { address: string } | { subject: string }): Promise<void> {
    const [limiter, key] = 'address' in by ? [this.perAddress, by.address] : [this.perSubject, by.subject];
    try {
      await limiter.consume(key, 1);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw errors.anonymousLimit(rejection.msBeforeNext / 1000);
      throw rejection;
    }
  }
}
