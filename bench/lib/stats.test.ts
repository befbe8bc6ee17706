import { describe, expect, it } from 'vitest';
import { median, percentile, spread, spreadDifference, spreadRatio } from './stats.ts';

describe('percentile (nearest rank)', () => {
  it('picks the nearest rank of unsorted samples', () => {
    const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(median(samples)).toBe(5);
    expect(percentile(samples, 90)).toBe(9);
    expect(percentile(samples, 99)).toBe(10);
    expect(percentile(samples, 0)).toBe(1);
  });

  it('is 0 without samples', () => {
    expect(percentile([], 99)).toBe(0);
  });
});

describe('spread of repeated waves', () => {
  it('gives the middle wave and the range of unsorted values', () => {
    expect(spread([7, 3, 5])).toEqual({ median: 5, min: 3, max: 7, count: 3 });
  });

  it('takes the mean of the two middle values when the count is even', () => {
    expect(spread([4, 1, 10, 2])).toEqual({ median: 3, min: 1, max: 10, count: 4 });
    expect(spread([2, 3]).median).toBe(2.5);
  });

  it('is the value itself for one wave', () => {
    expect(spread([4.2])).toEqual({ median: 4.2, min: 4.2, max: 4.2, count: 1 });
  });

  it('leaves out what a wave could not measure', () => {
    expect(spread([Number.NaN, 2, 6])).toEqual({ median: 4, min: 2, max: 6, count: 2 });
    const none = spread([Number.NaN]);
    expect(none.count).toBe(0);
    expect(none.median).toBeNaN();
    expect(spread([]).min).toBeNaN();
  });

  it('divides medians and spans the extremes for a ratio of figures measured apart', () => {
    const ours = spread([2, 3, 4]);
    const bare = spread([1, 2, 4]);
    expect(spreadRatio(ours, bare)).toEqual({ median: 1.5, min: 0.5, max: 4, count: 3 });
    expect(spreadDifference(ours, bare)).toEqual({ median: 1, min: -2, max: 3, count: 3 });
  });
});
