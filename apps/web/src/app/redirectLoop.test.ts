import { describe, expect, it } from 'vitest';
import { countRedirect, parseRedirectLoopState, type RedirectLoopState } from './redirectLoop.ts';

function run(times: number[], max = 5, windowMs = 5000): boolean[] {
  let state: RedirectLoopState | null = null;
  return times.map((t) => {
    const verdict = countRedirect(state, t, max, windowMs);
    state = verdict.state;
    return verdict.allowed;
  });
}

describe('countRedirect', () => {
  it('allows 5 redirects within 5 s and breaks the 6th', () => {
    expect(run([0, 100, 200, 300, 400, 500, 600])).toEqual([true, true, true, true, true, false, false]);
  });

  it('resets the counter once the window has passed', () => {
    expect(run([0, 1, 2, 3, 4, 5, 5001, 5002])).toEqual([true, true, true, true, true, false, true, true]);
  });

  it('never breaks slow redirects', () => {
    expect(run([0, 6000, 12000, 18000, 24000, 30000, 36000])).toEqual(Array(7).fill(true));
  });

  it('uses the shared defaults (5 within 5000 ms)', () => {
    let state: RedirectLoopState | null = null;
    const allowed: boolean[] = [];
    for (let i = 0; i < 6; i += 1) {
      const v = countRedirect(state, 1000 + i);
      state = v.state;
      allowed.push(v.allowed);
    }
    expect(allowed).toEqual([true, true, true, true, true, false]);
  });

  it('restarts when the clock went backwards', () => {
    const v = countRedirect({ count: 9, since: 10_000 }, 5_000);
    expect(v).toEqual({ allowed: true, state: { count: 1, since: 5_000 } });
  });
});

describe('parseRedirectLoopState', () => {
  it('accepts only the stored shape', () => {
    expect(parseRedirectLoopState({ count: 2, since: 5 })).toEqual({ count: 2, since: 5 });
    expect(parseRedirectLoopState('3')).toBeNull();
    expect(parseRedirectLoopState({ count: '2', since: 5 })).toBeNull();
    expect(parseRedirectLoopState(null)).toBeNull();
  });
});
