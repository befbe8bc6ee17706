import { describe, expect, it } from 'vitest';
import { rateLimitActions, resetText } from './rateLimit.ts';

describe('rate-limit card', () => {
  it('offers buttons by tier', () => {
    expect(rateLimitActions('guest')).toEqual(['register', 'plus']);
    expect(rateLimitActions('free')).toEqual(['plus']);
    expect(rateLimitActions('verified')).toEqual(['plus']);
    expect(rateLimitActions('pwa')).toEqual(['plus']);
    expect(rateLimitActions('plus')).toEqual(['moreLimits']);
  });

  it('states the reset time', () => {
    expect(resetText(3, 15)).toBe('Лимит обновится через 3 ч 15 мин');
    expect(resetText(2, 0)).toBe('Лимит обновится через 2 ч');
    expect(resetText(0, 7)).toBe('Лимит обновится через 7 мин');
    expect(resetText(0, 0)).toBe('Лимит скоро обновится');
  });
});
