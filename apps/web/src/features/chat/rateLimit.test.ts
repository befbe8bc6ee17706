import { PRODUCT_FEATURES } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import {
  cardHint,
  cardTitle,
  limitRenewed,
  mediaUpgradeHint,
  rateLimitActions,
  resetText,
  timeToReset,
  upgradeHint,
} from './rateLimit.ts';

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

  it('a card about her photos tells the real photo numbers of the next step, and Plus’s as without limits', () => {
    expect(mediaUpgradeHint('photos', 'guest', PAID)).toBe(
      'С регистрацией — 5 фото в день, с Plus — без ограничений.',
    );
    expect(mediaUpgradeHint('photos', 'free', PAID)).toBe(
      'Подтверди эл. почту — будет 10 фото в день, с Plus — без ограничений.',
    );
    // The app gives no more photos than a confirmed e-mail: not offered for them.
    expect(mediaUpgradeHint('photos', 'free', INSTALLABLE)).toBe(
      'Подтверди эл. почту — будет 10 фото в день, с Plus — без ограничений.',
    );
    expect(mediaUpgradeHint('photos', 'verified', PAID)).toBe('С Plus — фото без ограничений.');
    expect(mediaUpgradeHint('photos', 'pwa', PAID)).toBe('С Plus — фото без ограничений.');
    expect(mediaUpgradeHint('photos', 'plus', PAID)).toBeNull();
    expect(mediaUpgradeHint('photos', 'guest', UNPAID)).toBe('С регистрацией — 5 фото в день.');
    expect(mediaUpgradeHint('photos', 'verified', UNPAID)).toBeNull();
    expect(cardHint('messages', 'guest', PAID)).toBe(upgradeHint('guest', PAID));
  });

  it('a card about her videos offers Plus’s and VIP’s numbers, VIP’s to Plus, nothing to VIP', () => {
    expect(mediaUpgradeHint('videos', 'free', PAID)).toBe('С Plus — 5 видео в день, с VIP — 10.');
    expect(mediaUpgradeHint('videos', 'plus', PAID)).toBe('С VIP — 10 видео в день.');
    expect(mediaUpgradeHint('videos', 'vip', PAID)).toBeNull();
    expect(mediaUpgradeHint('videos', 'free', UNPAID)).toBeNull();
  });

  it('titles a photo or video card by what ran out when the server sent no text', () => {
    expect(cardTitle('Фото на сегодня закончились. Лимит обновится через 2 ч 5 мин.', 'photos')).toBe(
      'Фото на сегодня закончились.',
    );
    expect(cardTitle('', 'photos')).toBe('Фото на сегодня закончились.');
    expect(cardTitle('', 'videos')).toBe('Видео на сегодня закончились.');
  });

  it('a photo or video card is over once the tier the user has now gives more of them', () => {
    expect(limitRenewed('messages', 'free', { tier: 'free', room: true })).toBe(true);
    expect(limitRenewed('messages', 'free', null)).toBe(false);
    // The day's messages having room says nothing of her photos.
    expect(limitRenewed('photos', 'free', { tier: 'free', room: true })).toBe(false);
    expect(limitRenewed('photos', 'guest', { tier: 'free', room: false })).toBe(true);
    expect(limitRenewed('photos', 'free', { tier: 'plus', room: true })).toBe(true);
    expect(limitRenewed('videos', 'plus', { tier: 'plus', room: true })).toBe(false);
    expect(limitRenewed('videos', 'plus', { tier: 'vip', room: true })).toBe(true);
  });
});
