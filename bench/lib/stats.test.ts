import { describe, expect, it } from 'vitest';
import { median, percentile } from './stats.ts';

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
