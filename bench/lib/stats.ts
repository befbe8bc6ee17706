/** Nearest-rank percentile of unsorted samples (0 when there are none). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

export const median = (samples: readonly number[]) => percentile(samples, 50);

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A figure taken several times (one per wave): its middle and the range it moved in. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  /** How many measured values it is made of (values that could not be measured, NaN, are left out). */
  count: number;
}

/**
 * The median and min–max of a few repeated measurements. Unlike `median` above (a nearest rank, for
 * thousands of samples), two values give their mean: with two waves neither is "the" middle one.
 * NaN marks a figure a wave could not measure and is left out; with nothing left everything is NaN.
 */
export function spread(values: readonly number[]): Spread {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  const count = sorted.length;
  if (count === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, count };
  const mid = Math.floor(count / 2);
  const middle =
    count % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return { median: middle, min: sorted[0] as number, max: sorted[count - 1] as number, count };
}

/**
 * a / b for figures measured apart (ours and the bare relay's waves are not paired: they ran minutes
 * apart): the ratio of the medians, and the widest range the waves allow — a's lowest over b's highest
 * to a's highest over b's lowest.
 */
export function spreadRatio(a: Spread, b: Spread): Spread {
  return {
    median: a.median / b.median,
    min: a.min / b.max,
    max: a.max / b.min,
    count: Math.min(a.count, b.count),
  };
}

/** a − b for figures measured apart: the difference of the medians, and the widest range the waves allow. */
export function spreadDifference(a: Spread, b: Spread): Spread {
  return {
    median: a.median - b.median,
    min: a.min - b.max,
    max: a.max - b.min,
    count: Math.min(a.count, b.count),
  };
}
