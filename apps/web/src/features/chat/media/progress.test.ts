import { describe, expect, it } from 'vitest';
import { mediaProgress, PROGRESS_CEILING, progressPercent } from './progress.ts';

const T0 = Date.parse('2026-11-22T12:00:00Z');

describe('her photo’s placeholder progress', () => {
  it('starts at 0, grows with the time spent, and eases toward 95 % without reaching it', () => {
    const expected = 20_000;
    const shares = [0, 5_000, 10_000, 20_000, 40_000, 120_000, 3_600_000].map((ms) =>
      mediaProgress(T0, expected, T0 + ms),
    );
    expect(shares[0]).toBe(0);
    // Growing while the wait is within a few expected times; then standing just under the ceiling.
    for (let i = 1; i < 6; i += 1) expect(shares[i]).toBeGreaterThan(shares[i - 1] as number);
    expect(shares[6]).toBeGreaterThanOrEqual(shares[5] as number);
    for (const share of shares) expect(share).toBeLessThan(PROGRESS_CEILING);
    expect(progressPercent(T0, expected, T0 + expected)).toBe(82);
    expect(progressPercent(T0, expected, T0 + 3_600_000)).toBe(94);
  });

  it('a clock behind the server’s start or an expected time of 0 shows no nonsense', () => {
    expect(mediaProgress(T0, 20_000, T0 - 5_000)).toBe(0);
    expect(progressPercent(T0, 0, T0 + 1)).toBeLessThan(95);
  });
});
