import { PRODUCT_FEATURES } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { cardTitle, rateLimitActions, resetText, timeToReset, upgradeHint } from './rateLimit.ts';

const PAID = { ...PRODUCT_FEATURES, payments: true, appInstall: false };
const UNPAID = { ...PRODUCT_FEATURES, payments: false, appInstall: false };
const INSTALLABLE = { ...PRODUCT_FEATURES, payments: true, appInstall: true };

describe('rate-limit card', () => {
  it('offers buttons by tier (000 §4) once Plus can be bought', () => {
    expect(rateLimitActions('guest', PAID)).toEqual(['register', 'plus']);
    expect(rateLimitActions('free', PAID)).toEqual(['plus']);
    expect(rateLimitActions('verified', PAID)).toEqual(['plus']);
    expect(rateLimitActions('pwa', PAID)).toEqual(['plus']);
    expect(rateLimitActions('plus', PAID)).toEqual(['moreLimits']);
    expect(rateLimitActions('vip', PAID)).toEqual([]);
  });

  it('offers installing the app to free and verified users once it can be installed (000 §4)', () => {
    expect(rateLimitActions('guest', INSTALLABLE)).toEqual(['register', 'plus']);
    expect(rateLimitActions('free', INSTALLABLE)).toEqual(['install', 'plus']);
    expect(rateLimitActions('verified', INSTALLABLE)).toEqual(['install', 'plus']);
    expect(rateLimitActions('pwa', INSTALLABLE)).toEqual(['plus']);
    expect(rateLimitActions('verified', { ...INSTALLABLE, payments: false })).toEqual(['install']);
    expect(upgradeHint('free', INSTALLABLE)).toBe(
      'Подтверди эл. почту — будет 20 сообщений в день, в приложении — 30, с Plus — 50.',
    );
    expect(upgradeHint('verified', INSTALLABLE)).toBe('В приложении — 30 сообщений в день, с Plus — 50.');
    expect(upgradeHint('verified', { ...INSTALLABLE, payments: false })).toBe(
      'В приложении — 30 сообщений в день.',
    );
    expect(upgradeHint('pwa', INSTALLABLE)).toBe('С Plus — 50 сообщений в день.');
  });

  it('offers no Plus button while Plus cannot be bought', () => {
    expect(rateLimitActions('guest', UNPAID)).toEqual(['register']);
    for (const tier of ['free', 'verified', 'pwa', 'vip'] as const) {
      expect(rateLimitActions(tier, UNPAID)).toEqual([]);
    }
  });

  it('promises only the real numbers of the next step', () => {
    expect(upgradeHint('guest', PAID)).toBe('С регистрацией — 10 сообщений в день, с Plus — 50.');
    expect(upgradeHint('free', PAID)).toBe('Подтверди эл. почту — будет 20 сообщений в день, с Plus — 50.');
    expect(upgradeHint('pwa', PAID)).toBe('С Plus — 50 сообщений в день.');
    expect(upgradeHint('plus', PAID)).toBeNull();
    expect(upgradeHint('vip', PAID)).toBeNull();
    expect(upgradeHint('guest', UNPAID)).toBe('С регистрацией — 10 сообщений в день.');
    expect(upgradeHint('free', UNPAID)).toBe('Подтверди эл. почту — будет 20 сообщений в день.');
    expect(upgradeHint('verified', UNPAID)).toBeNull();
    for (const features of [PAID, UNPAID]) {
      for (const tier of ['guest', 'free', 'verified', 'pwa'] as const) {
        expect(upgradeHint(tier, features) ?? '').not.toMatch(/безлимит|неогранич/i);
        if (!features.payments) expect(upgradeHint(tier, features) ?? '').not.toMatch(/Plus/);
      }
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
