import type { LimitTier } from '@podruga/shared';

export type RateLimitAction = 'register' | 'plus' | 'moreLimits';

/**
 * The card's buttons by tier (000 §4). The install-app entry for free and verified users stays hidden
 * until the install feature exists.
 */
export function rateLimitActions(tier: LimitTier): RateLimitAction[] {
  if (tier === 'guest') return ['register', 'plus'];
  if (tier === 'plus' || tier === 'vip') return ['moreLimits'];
  return ['plus'];
}

/** «Лимит обновится через 3 ч 15 мин» (the card's reset time). */
export function resetText(hours: number, minutes: number): string {
  const h = Math.max(0, Math.floor(hours));
  const m = Math.max(0, Math.floor(minutes));
  if (h === 0 && m === 0) return 'Лимит скоро обновится';
  const parts = [h > 0 ? `${h} ч` : '', m > 0 || h === 0 ? `${m} мин` : ''].filter(Boolean);
  return `Лимит обновится через ${parts.join(' ')}`;
}
