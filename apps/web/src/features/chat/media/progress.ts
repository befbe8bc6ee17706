/**
 * The placeholder's progress while her photo or video is made (issue 14). The server says when the
 * attempt began and about how long it takes; the bar eases toward PROGRESS_CEILING and never claims the
 * work done: only the finished photo ends it. At the expected time it stands at about 82 %.
 */
export const PROGRESS_CEILING = 0.95;

/** How fast the bar approaches the ceiling, in expected durations. */
const EASE = 2;

/** The share shown (0 … PROGRESS_CEILING, never reached) `now` for an attempt begun at `startedAt`. */
export function mediaProgress(startedAt: number, expectedMs: number, now: number): number {
  const elapsed = Math.max(0, now - startedAt) / Math.max(1, expectedMs);
  // Long past the expected time the curve is the ceiling in floating point: it stays just under it.
  return Math.min(PROGRESS_CEILING * (1 - Math.exp(-EASE * elapsed)), PROGRESS_CEILING - 0.005);
}

/** The bar's value in whole percent (what `aria-valuenow` says). */
export function progressPercent(startedAt: number, expectedMs: number, now: number): number {
  return Math.floor(mediaProgress(startedAt, expectedMs, now) * 100);
}
