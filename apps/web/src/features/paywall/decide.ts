import {
  type CompanionLimitError,
  PAYWALL_CONTEXTS,
  type PaywallContext,
  TIER_LIMITS,
} from '@podruga/shared';
import { isApiError } from '../../shared/api/index.ts';

/** Whose companion quota applies: a guest, a free account (expired Plus included), or active Plus. */
export type CompanionTier = 'guest' | 'free' | 'plus';

export interface PaywallRequest {
  context: PaywallContext;
  currentCount: number | null;
}

/**
 * The pre-check before a new companion (000 §5, 001 §4): a guest may have 1, a free account 3, Plus
 * any number. Returns the paywall to show, or null when one more companion is allowed.
 */
export function companionPaywall(tier: CompanionTier, currentCount: number): PaywallRequest | null {
  const limit = TIER_LIMITS[tier].companions;
  if (limit === null || currentCount < limit) return null;
  return { context: tier === 'guest' ? 'guest_limit' : 'free_limit', currentCount };
}

/** The server's 403 `companion_limit` answer, read as a paywall request (null for any other error). */
export function paywallFromError(error: unknown): PaywallRequest | null {
  if (!isApiError(error) || error.code !== 'companion_limit') return null;
  const body = error.extra as Partial<CompanionLimitError>;
  const context = (PAYWALL_CONTEXTS as readonly string[]).includes(body.paywall_context ?? '')
    ? (body.paywall_context as PaywallContext)
    : 'general';
  return { context, currentCount: typeof body.current_count === 'number' ? body.current_count : null };
}
