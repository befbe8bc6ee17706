import { describe, expect, it } from 'vitest';
import { clipEnded, clipFailed, exhausted, nextClip, type PreviewCycle, startCycle } from './previewCycle.ts';

/** The clip on screen and the one waiting. */
const view = (c: PreviewCycle) => [c.slots[c.active], c.slots[c.active === 0 ? 1 : 0]];

describe('the preview cycle (001 §4: two alternating players)', () => {
  it('starts with clip 0 playing and clip 1 loaded, counted as the first clip', () => {
    const c = startCycle(20);
    expect(view(c)).toEqual([0, 1]);
    expect(c.played).toBe(1);
  });

  it('swaps the players on every end, the idle one taking the clip after, round all 20 and on', () => {
    let c = startCycle(20);
    const shown: number[] = [];
    for (let i = 0; i < 22; i++) {
      shown.push(c.slots[c.active] as number);
      const before = c.active;
      c = clipEnded(c, c.active);
      expect(c.active).not.toBe(before);
    }
    expect(shown).toEqual([...Array.from({ length: 20 }, (_, i) => i), 0, 1]);
    expect(c.played).toBe(23);
    expect(view(c)).toEqual([2, 3]);
  });

  it('ignores the end of the player not on screen', () => {
    const c = startCycle(20);
    expect(clipEnded(c, 1)).toBe(c);
  });

  it('a waiting clip that fails is replaced by the next one; the clip on screen plays on', () => {
    const c = clipFailed(startCycle(20), 1);
    expect(view(c)).toEqual([0, 2]);
    expect(c.played).toBe(1);
    expect(view(clipEnded(c, c.active))).toEqual([2, 3]);
  });

  it('the clip on screen failing moves on to the waiting one without counting a clip', () => {
    const c = clipFailed(startCycle(20), 0);
    expect(view(c)).toEqual([1, 2]);
    expect(c.played).toBe(1);
  });

  it('failed clips are skipped on later rounds too', () => {
    let c = clipFailed(clipFailed(startCycle(5), 2), 3);
    const shown: number[] = [];
    for (let i = 0; i < 6; i++) {
      shown.push(c.slots[c.active] as number);
      c = clipEnded(c, c.active);
    }
    expect(shown).toEqual([0, 1, 4, 0, 1, 4]);
  });

  it('one clip left plays on both players in turn; none left is the end', () => {
    let c = startCycle(3);
    c = clipFailed(c, 0);
    c = clipFailed(c, 2);
    expect(view(c)).toEqual([1, 1]);
    expect(view(clipEnded(c, c.active))).toEqual([1, 1]);
    expect(exhausted(c)).toBe(false);
    c = clipFailed(c, 1);
    expect(exhausted(c)).toBe(true);
    expect(c.slots).toEqual([null, null]);
  });

  it('a failure reported twice (player and preload) counts once', () => {
    const c = clipFailed(startCycle(20), 1);
    expect(clipFailed(c, 1)).toBe(c);
  });

  it('nextClip cycles and skips the failed, null when none is left', () => {
    expect(nextClip(19, [], 20)).toBe(0);
    expect(nextClip(0, [1, 2], 20)).toBe(3);
    expect(nextClip(0, [1, 2], 3)).toBe(0);
    expect(nextClip(0, [0, 1, 2], 3)).toBeNull();
    expect(exhausted(startCycle(0))).toBe(true);
  });
});
