import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const ago = (ms: number) => NOW - ms;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it('says «только что» under a minute (and for clocks slightly ahead)', () => {
    expect(relativeTime(ago(0), NOW)).toBe('только что');
    expect(relativeTime(ago(59_999), NOW)).toBe('только что');
    expect(relativeTime(NOW + 5_000, NOW)).toBe('только что');
  });

  it('counts minutes with Russian plurals', () => {
    expect(relativeTime(ago(MIN), NOW)).toBe('1 минуту назад');
    expect(relativeTime(ago(2 * MIN), NOW)).toBe('2 минуты назад');
    expect(relativeTime(ago(5 * MIN), NOW)).toBe('5 минут назад');
    expect(relativeTime(ago(11 * MIN), NOW)).toBe('11 минут назад');
    expect(relativeTime(ago(21 * MIN), NOW)).toBe('21 минуту назад');
    expect(relativeTime(ago(59 * MIN), NOW)).toBe('59 минут назад');
  });

  it('counts hours and days', () => {
    expect(relativeTime(ago(HOUR), NOW)).toBe('1 час назад');
    expect(relativeTime(ago(3 * HOUR), NOW)).toBe('3 часа назад');
    expect(relativeTime(ago(12 * HOUR), NOW)).toBe('12 часов назад');
    expect(relativeTime(ago(DAY), NOW)).toBe('1 день назад');
    expect(relativeTime(ago(22 * DAY), NOW)).toBe('22 дня назад');
    expect(relativeTime(ago(60 * DAY), NOW)).toBe('60 дней назад');
  });

  it('shows a date after 60 days', () => {
    expect(relativeTime(ago(61 * DAY), NOW)).toMatch(/2026/);
    expect(relativeTime(ago(61 * DAY), NOW)).not.toMatch(/назад/);
  });

  it('accepts ISO strings and ignores garbage', () => {
    expect(relativeTime('2026-11-22T11:55:00Z', NOW)).toBe('5 минут назад');
    expect(relativeTime('nonsense', NOW)).toBe('');
  });
});
