/**
 * Tiers and their daily limits (DESIGN §5). Reset at 00:00 Europe/Moscow.
 * `null` means unlimited.
 */
export const MEMBERSHIP_TYPES = ['guest', 'free', 'plus'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

export const LIMIT_TIERS = ['guest', 'free', 'verified', 'pwa', 'plus', 'vip'] as const;
export type LimitTier = (typeof LIMIT_TIERS)[number];

export interface TierLimits {
  messagesPerDay: number;
  voiceSecondsPerDay: number;
  videosPerDay: number;
  /**
   * Photos of her she may be asked for (issue 14): the defaults of the server's PHOTOS_PER_DAY. For
   * Plus and VIP a fair-use number, shown as unlimited (`PHOTOS_FAIR_USE_TIERS`).
   */
  photosPerDay: number;
  companions: number | null;
}

/** Tiers whose photo allowance is a fair-use number, shown as 'Безлимитно' (DESIGN §5). */
export const PHOTOS_FAIR_USE_TIERS: readonly LimitTier[] = ['plus', 'vip'];

/** How long a video of her runs, in seconds: VIP clips at least twice as long as Plus (issue 14). */
export const VIDEO_CLIP_SECONDS = { plus: 5, vip: 10 } as const;

export const TIER_LIMITS: Record<LimitTier, TierLimits> = {
  guest: { messagesPerDay: 5, voiceSecondsPerDay: 30, videosPerDay: 0, photosPerDay: 3, companions: 1 },
  free: { messagesPerDay: 10, voiceSecondsPerDay: 60, videosPerDay: 0, photosPerDay: 5, companions: 3 },
  verified: { messagesPerDay: 20, voiceSecondsPerDay: 60, videosPerDay: 0, photosPerDay: 10, companions: 3 },
  pwa: { messagesPerDay: 30, voiceSecondsPerDay: 60, videosPerDay: 0, photosPerDay: 10, companions: 3 },
  plus: { messagesPerDay: 50, voiceSecondsPerDay: 300, videosPerDay: 5, photosPerDay: 100, companions: null },
  vip: {
    messagesPerDay: 300,
    voiceSecondsPerDay: 1800,
    videosPerDay: 10,
    photosPerDay: 300,
    companions: null,
  },
};

export interface MembershipState {
  membership_type: MembershipType;
  membership_expiry: string | null;
}

/** Plus is active when the type is plus and the expiry is in the future (000 §4). */
export function isPlusActive(user: MembershipState, now: Date = new Date()): boolean {
  return (
    user.membership_type === 'plus' &&
    user.membership_expiry !== null &&
    new Date(user.membership_expiry).getTime() > now.getTime()
  );
}

/** Plus was bought and has run out: the type stays plus with an expiry in the past (000 §4). */
export function isPlusExpired(user: MembershipState, now: Date = new Date()): boolean {
  return user.membership_type === 'plus' && !isPlusActive(user, now);
}
