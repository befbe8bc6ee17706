import { describe, expect, it } from 'vitest';
import { cardTitle, rateLimitActions, resetText, timeToReset, upgradeHint } from './rateLimit.ts';

describe('rate-limit card', () => {
  it('offers buttons by tier (000 §4)', () => {
    expect(rateLimitActions('guest')).toEqual(['register', 'plus']);
    expect(rateLimitActions('free')).toEqual(['plus']);
    expect(rateLimitActions('verified')).toEqual(['plus']);
    expect(rateLimitActions('pwa')).toEqual(['plus']);
    expect(rateLimitActions('plus')).toEqual(['moreLimits']);
    expect(rateLimitActions('vip')).toEqual([]);
  });

  it('promises only the real numbers of the next step', () => {
    expect(upgradeHint('guest')).toBe('С регистрацией — 10 сообщений в день, с Plus — 50.');
    expect(upgradeHint('free')).toBe('С Plus — 50 сообщений в день.');
    expect(upgradeHint('pwa')).toBe('С Plus — 50 сообщений в день.');
    expect(upgradeHint('plus')).toBeNull();
    expect(upgradeHint('vip')).toBeNull();
    for (const tier of ['guest', 'free', 'verified', 'pwa'] as const) {
      expect(upgradeHint(tier)).not.toMatch(/безлимит|неогранич/i);
    }
  });

  it("drops the server's reset sentence from the title, which counts down on its own", () => {
    expect(cardTitle('Ты исчерпал дневной лимит сообщений. Лимит обновится через 3 ч 15 мин.')).toBe(
      'Ты исчерпал дневной лимит сообщений.',
    );
    expect(cardTitle('')).toBe('Дневной лимит сообщений исчерпан.');
  });

  it('counts the reset time down from when the card was made', () => {
    const t0 = Date.parse('2026-11-22T12:00:00Z');
    const reset = { reset_hours: 3, reset_minutes: 15 };
    expect(timeToReset(t0, reset, t0)).toEqual({ hours: 3, minutes: 15 });
    expect(timeToReset(t0, reset, t0 + 90 * 60_000)).toEqual({ hours: 1, minutes: 45 });
    expect(timeToReset(t0, reset, t0 + 5 * 3600_000)).toEqual({ hours: 0, minutes: 0 });
  });

  it('states the reset time', () => {
    expect(resetText(3, 15)).toBe('Лимит обновится через 3 ч 15 мин');
    expect(resetText(2, 0)).toBe('Лимит обновится через 2 ч');
    expect(resetText(0, 7)).toBe('Лимит обновится через 7 мин');
    expect(resetText(0, 0)).toBe('Лимит скоро обновится');
  });
});
