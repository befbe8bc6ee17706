import { REDIRECT_LOOP_MAX, REDIRECT_LOOP_WINDOW_MS } from '@podruga/shared';

/** Redirects counted since `since` (ms); kept in session storage under `router_redirect_count`. */
export interface RedirectLoopState {
  count: number;
  since: number;
}

export interface RedirectVerdict {
  /** false once more than REDIRECT_LOOP_MAX redirects happened inside the window: break the loop. */
  allowed: boolean;
  state: RedirectLoopState;
}

/**
 * Counts one more redirect (002 §2 guard rule 4). The window starts with the first redirect and the count
 * resets once it is older than REDIRECT_LOOP_WINDOW_MS.
 */
export function countRedirect(
  previous: RedirectLoopState | null,
  now: number,
  max: number = REDIRECT_LOOP_MAX,
  windowMs: number = REDIRECT_LOOP_WINDOW_MS,
): RedirectVerdict {
  const fresh = !previous || now - previous.since > windowMs || now < previous.since;
  const state = fresh ? { count: 1, since: now } : { count: previous.count + 1, since: previous.since };
  return { allowed: state.count <= max, state };
}

/** Parses the stored state; anything unexpected counts as none. */
export function parseRedirectLoopState(value: unknown): RedirectLoopState | null {
  if (typeof value !== 'object' || value === null) return null;
  const { count, since } = value as Record<string, unknown>;
  return typeof count === 'number' && typeof since === 'number' ? { count, since } : null;
}
