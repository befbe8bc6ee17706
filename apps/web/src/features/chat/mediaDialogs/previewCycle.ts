/**
 * The video preview's two players (001 §4): one plays while the other holds the next clip, loaded; when
 * the clip ends they swap and the idle one takes the clip after. A clip that cannot load (the server
 * has not made it yet: 404) is left out from then on. Clips are indices into the list of `count` clips.
 */
export interface PreviewCycle {
  count: number;
  /** The clip each player holds; null only when no clip is left to play. */
  slots: readonly [number | null, number | null];
  /** The player on screen. */
  active: 0 | 1;
  /** Clips shown since the dialog opened, counted from 1: the promo cards' schedule runs on it. */
  played: number;
  failed: readonly number[];
}

/** The first clip after `from`, cycling, that has not failed (`from` itself last); null when all failed. */
export function nextClip(from: number, failed: readonly number[], count: number): number | null {
  for (let step = 1; step <= count; step++) {
    const clip = (from + step) % count;
    if (!failed.includes(clip)) return clip;
  }
  return null;
}

export function startCycle(count: number): PreviewCycle {
  if (count === 0) return { count, slots: [null, null], active: 0, played: 1, failed: [] };
  return { count, slots: [0, nextClip(0, [], count)], active: 0, played: 1, failed: [] };
}

/** Every clip failed: the dialog shows its still instead of a player. */
export function exhausted(cycle: PreviewCycle): boolean {
  return cycle.slots[cycle.active] === null;
}

/** The player `slot` finished its clip: the other one comes on, and this one loads the clip after it. */
export function clipEnded(cycle: PreviewCycle, slot: 0 | 1): PreviewCycle {
  if (slot !== cycle.active) return cycle;
  const next = other(slot);
  const upcoming = cycle.slots[next];
  if (upcoming === null) return cycle;
  const slots: [number | null, number | null] = [...cycle.slots];
  slots[slot] = nextClip(upcoming, cycle.failed, cycle.count);
  return { ...cycle, slots, active: next, played: cycle.played + 1 };
}

/**
 * `clip` could not load (on a player or while preloading). A player on screen with it moves on to the
 * clip the other holds, without counting a new clip (it was never shown); a player holding it in
 * waiting takes the next playable clip.
 */
export function clipFailed(cycle: PreviewCycle, clip: number): PreviewCycle {
  if (cycle.failed.includes(clip)) return cycle;
  const failed = [...cycle.failed, clip];
  const playable = (c: number | null) => c !== null && !failed.includes(c);
  const slots: [number | null, number | null] = [...cycle.slots];
  let active = cycle.active;
  if (!playable(slots[active])) {
    if (playable(slots[other(active)])) active = other(active);
    else slots[active] = nextClip(slots[active] ?? clip, failed, cycle.count);
  }
  const waiting = slots[active];
  if (!playable(slots[other(active)])) {
    slots[other(active)] = waiting === null ? null : nextClip(waiting, failed, cycle.count);
  }
  return { ...cycle, slots, active, failed };
}

function other(slot: 0 | 1): 0 | 1 {
  return slot === 0 ? 1 : 0;
}
