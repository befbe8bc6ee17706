import { type CompanionLimitError, isPlusActive, TIER_LIMITS } from '@podruga/shared';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { CHARACTER_MESSAGES } from './characters.messages.ts';

export interface CompanionLimit {
  /** Null: unlimited (active Plus). */
  limit: number | null;
  paywallContext: 'guest_limit' | 'free_limit';
}

/** Guest 1, free 3, active Plus unlimited; an expired Plus counts as free (DESIGN §5). */
export function companionLimitFor(user: UserRow, now: Date): CompanionLimit {
  if (user.membershipType === 'guest') {
    return { limit: TIER_LIMITS.guest.companions, paywallContext: 'guest_limit' };
  }
  const membership = {
    membership_type: user.membershipType,
    membership_expiry: user.membershipExpiry?.toISOString() ?? null,
  };
  if (isPlusActive(membership, now))
    return { limit: TIER_LIMITS.plus.companions, paywallContext: 'free_limit' };
  return { limit: TIER_LIMITS.free.companions, paywallContext: 'free_limit' };
}

/** The 403 whose body is exactly companionLimitErrorSchema: the client opens the matching paywall. */
export function companionLimitError(
  limit: CompanionLimit & { limit: number },
  currentCount: number,
): AppError {
  const detail =
    limit.paywallContext === 'guest_limit'
      ? CHARACTER_MESSAGES.guestLimit
      : CHARACTER_MESSAGES.freeLimit(limit.limit);
  const extra: Omit<CompanionLimitError, 'detail' | 'code'> = {
    paywall_context: limit.paywallContext,
    current_count: currentCount,
    limit: limit.limit,
  };
  return new AppError(403, 'companion_limit', detail, extra);
}
