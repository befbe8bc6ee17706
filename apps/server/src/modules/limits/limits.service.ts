import {
  isPlusActive,
  type LimitsStatus,
  type LimitTier,
  type MessageLimits,
  PHOTOS_FAIR_USE_TIERS,
  TIER_LIMITS,
  type UserStats,
} from '@podruga/shared';
import type { Clock } from '../../clock.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { LimitsRepository } from './limits.repository.ts';
import { moscowDay, untilMoscowMidnight } from './moscow.ts';
import type { Usage, UsageResource } from './usage-statement.ts';

/**
 * The user's limit tier (DESIGN §5): vip = active VIP on top of active Plus; plus = active Plus;
 * guest; pwa = registered and installed; verified = registered with a confirmed e-mail; else free.
 */
export function tierOf(user: UserRow, now: Date): LimitTier {
  const membership = {
    membership_type: user.membershipType,
    membership_expiry: user.membershipExpiry?.toISOString() ?? null,
  };
  if (isPlusActive(membership, now)) {
    return user.vipExpiry && user.vipExpiry.getTime() > now.getTime() ? 'vip' : 'plus';
  }
  if (user.membershipType === 'guest') return 'guest';
  if (user.isPwaUser) return 'pwa';
  if (user.emailVerified) return 'verified';
  return 'free';
}

export type ConsumeResult =
  | { ok: true; day: string; count: number; limit: number; tier: LimitTier }
  | {
      ok: false;
      tier: LimitTier;
      limit: number;
      /** The limit window refused (the Moscow day): one rate-limit card per chat and window. */
      day: string;
      reset: { hours: number; minutes: number };
    };

/** consumeMessageWith's answer: what was stored with the count, or the refusal. */
export type ConsumedWith<T> = { ok: true; day: string; stored: T } | Extract<ConsumeResult, { ok: false }>;

const DEFAULT_PHOTOS_PER_DAY = Object.fromEntries(
  Object.entries(TIER_LIMITS).map(([tier, limits]) => [tier, limits.photosPerDay]),
) as Record<LimitTier, number>;

/** Daily limits per tier, counted per Moscow day. */
export class LimitsService {
  constructor(
    private readonly repo: LimitsRepository,
    private readonly clock: Clock,
    /** Photos of her per day and tier (config PHOTOS_PER_DAY); the shared defaults otherwise. */
    private readonly photosPerDay: Readonly<Record<LimitTier, number>> = DEFAULT_PHOTOS_PER_DAY,
  ) {}

  /** Takes one photo of her from today's allowance, atomically (issue 14). */
  consumePhoto(user: UserRow): Promise<ConsumeResult> {
    return this.consume(user, 'photos', this.photosPerDay[this.tier(user)]);
  }

  /** Takes one video of her from today's allowance (Plus 5, VIP 10, none below). */
  consumeVideo(user: UserRow): Promise<ConsumeResult> {
    return this.consume(user, 'videos', TIER_LIMITS[this.tier(user)].videosPerDay);
  }

  tier(user: UserRow): LimitTier {
    return tierOf(user, this.clock.now());
  }

  /** Today, as the daily counters name it (the Moscow calendar day). */
  today(): string {
    return moscowDay(this.clock.now());
  }

  /** Whether `used` messages today leave the user's tier room for one more (a hint: consuming decides). */
  hasMessageRoom(user: UserRow, used: number): boolean {
    return used < TIER_LIMITS[this.tier(user)].messagesPerDay;
  }

  /** Takes one message from today's allowance, atomically. */
  async consumeMessage(user: UserRow): Promise<ConsumeResult> {
    return this.consume(user, 'messages', TIER_LIMITS[this.tier(user)].messagesPerDay);
  }

  /**
   * Takes one message from today's allowance and stores something in the same statement: `store`
   * gets the usage to put first in its statement (consumeStatement) and answers undefined when the
   * allowance had no room. One round trip and one commit instead of two.
   */
  async consumeMessageWith<T>(
    user: UserRow,
    store: (usage: Usage) => Promise<T | undefined>,
  ): Promise<ConsumedWith<T>> {
    const now = this.clock.now();
    const tier = tierOf(user, now);
    const limit = TIER_LIMITS[tier].messagesPerDay;
    const day = moscowDay(now);
    const stored = await store({ userId: user.id, day, resource: 'messages', limit, amount: 1 });
    if (stored === undefined) return { ok: false, tier, limit, day, reset: untilMoscowMidnight(now) };
    return { ok: true, day, stored };
  }

  async consume(user: UserRow, resource: UsageResource, limit: number, amount = 1): Promise<ConsumeResult> {
    const now = this.clock.now();
    const tier = tierOf(user, now);
    const day = moscowDay(now);
    const count = await this.repo.consume(user.id, day, resource, limit, amount);
    if (count === null) return { ok: false, tier, limit, day, reset: untilMoscowMidnight(now) };
    return { ok: true, day, count, limit, tier };
  }

  /**
   * Today's voice seconds (issue 15): the tier's allowance, what is used and what is left, and the
   * day they count on (a call is charged to the day it started).
   */
  async voiceSeconds(user: UserRow): Promise<{ day: string; limit: number; used: number; left: number }> {
    const now = this.clock.now();
    const limit = TIER_LIMITS[tierOf(user, now)].voiceSecondsPerDay;
    const day = moscowDay(now);
    const used = await this.repo.used(user.id, day, 'voice_seconds');
    return { day, limit, used, left: Math.max(0, limit - used) };
  }

  /** Charges a call's seconds to `day`, as far as `limit` reaches (never past it); the new count. */
  chargeVoiceSeconds(userId: string, day: string, seconds: number, limit: number): Promise<number> {
    return this.repo.consumeUpTo(userId, day, 'voice_seconds', Math.max(0, Math.round(seconds)), limit);
  }

  /** Returns a consumed unit (e.g. the reply failed before anything was produced). */
  release(userId: string, day: string, resource: UsageResource, amount = 1): Promise<void> {
    return this.repo.release(userId, day, resource, amount);
  }

  async messageLimits(user: UserRow): Promise<MessageLimits> {
    const now = this.clock.now();
    const tier = tierOf(user, now);
    const limit = TIER_LIMITS[tier].messagesPerDay;
    const count = await this.repo.used(user.id, moscowDay(now), 'messages');
    const remaining = Math.max(0, limit - count);
    return {
      limit,
      count,
      remaining,
      allowed: remaining > 0,
      is_limited: true,
      reset_time: untilMoscowMidnight(now),
      user_type: tier,
    };
  }

  async limitsStatus(user: UserRow): Promise<LimitsStatus> {
    const now = this.clock.now();
    const tier = tierOf(user, now);
    const limits = TIER_LIMITS[tier];
    const used = await this.repo.usage(user.id, moscowDay(now));
    return {
      tier,
      resources: {
        gfs: { limit: limits.companions, used: used.companions },
        messages: { limit: limits.messagesPerDay, used: used.messages },
        voice_minutes: { limit: limits.voiceSecondsPerDay / 60, used: used.voice_seconds / 60 },
        videos: { limit: limits.videosPerDay, used: used.videos },
        photos: {
          limit: PHOTOS_FAIR_USE_TIERS.includes(tier) ? null : this.photosPerDay[tier],
          used: used.photos,
        },
      },
    };
  }

  async stats(user: UserRow): Promise<UserStats> {
    return {
      totalMessages: await this.repo.userMessageCount(user.id),
      created_at: user.createdAt.toISOString(),
    };
  }
}
