import { describe, expect, it } from 'vitest';
import { detectBrowser } from './detect.ts';
import { type InstalledSignals, isInstalled, runsInstalled } from './installedMode.ts';
import { instructionsFor } from './instructions.ts';

const UA = {
  chromeDesktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  firefoxDesktop: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  iphone17:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphone15:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  safariMac16:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/605.1.15',
};

describe('detectBrowser', () => {
  it.each([
    ['chromeDesktop', 'chrome', false],
    ['chromeAndroid', 'chrome', true],
    ['edge', 'edge', false],
    ['opera', 'opera', false],
    ['samsung', 'samsung', true],
    ['firefoxDesktop', 'firefox', false],
    ['firefoxAndroid', 'firefox', true],
    ['iphone17', 'safari', true],
    ['safariMac', 'safari', false],
  ] as const)('%s → %s', (ua, browser, mobile) => {
    const info = detectBrowser(UA[ua]);
    expect(info.browser).toBe(browser);
    expect(info.mobile).toBe(mobile);
  });

  it('gives every iOS browser the Safari steps, with the system version', () => {
    expect(detectBrowser(UA.chromeIos)).toEqual({
      browser: 'safari',
      ios: true,
      mobile: true,
      safariVersion: 17,
    });
    expect(detectBrowser(UA.iphone15).safariVersion).toBe(15);
  });

  it('tells an iPad that calls itself a Mac by its touch points', () => {
    expect(detectBrowser(UA.safariMac, 5)).toMatchObject({ browser: 'safari', ios: true });
    expect(detectBrowser(UA.safariMac, 0)).toMatchObject({ browser: 'safari', ios: false });
  });
});

describe('installed-mode detection (001 §4)', () => {
  const none: InstalledSignals = {
    standaloneDisplay: false,
    iosStandalone: false,
    search: '',
    installedFlag: false,
    pwaFlag: false,
  };

  it('is installed by any one of the standalone display, iOS standalone, ?pwa=true or a local flag', () => {
    expect(isInstalled(none)).toBe(false);
    expect(isInstalled({ ...none, standaloneDisplay: true })).toBe(true);
    expect(isInstalled({ ...none, iosStandalone: true })).toBe(true);
    expect(isInstalled({ ...none, search: '?utm=x&pwa=true' })).toBe(true);
    expect(isInstalled({ ...none, search: '?pwa=false' })).toBe(false);
    expect(isInstalled({ ...none, installedFlag: true })).toBe(true);
    expect(isInstalled({ ...none, pwaFlag: true })).toBe(true);
  });

  it('runs installed only in the app window, not by a flag alone', () => {
    expect(runsInstalled({ ...none, installedFlag: true, pwaFlag: true })).toBe(false);
    expect(runsInstalled({ ...none, search: '?pwa=true' })).toBe(true);
    expect(runsInstalled({ ...none, iosStandalone: true })).toBe(true);
  });
});

describe('install instructions', () => {
  it('has steps for every browser on a phone', () => {
    const phone = detectBrowser(UA.chromeAndroid);
    for (const browser of ['chrome', 'firefox', 'safari', 'edge', 'opera', 'samsung'] as const) {
      expect(instructionsFor(browser, phone).steps.length).toBeGreaterThan(1);
    }
  });

  it('iOS Safari 16+: «Поделиться», then «На экран „Домой“»', () => {
    const { steps, note } = instructionsFor('safari', detectBrowser(UA.iphone17));
    expect(steps[0]).toContain('«Поделиться»');
    expect(steps[1]).toContain('На экран „Домой“');
    expect(note).toBeUndefined();
  });

  it('an older Safari is told that installing is not supported', () => {
    const old = instructionsFor('safari', detectBrowser(UA.iphone15));
    expect(old.steps).toEqual([]);
    expect(old.note).toContain('не поддерживается');
    expect(old.note).toContain('Safari 16');
    expect(instructionsFor('safari', detectBrowser(UA.safariMac16)).note).toContain('Safari 17');
  });

  it('Safari on a Mac adds to the Dock; Firefox on a computer cannot install', () => {
    expect(instructionsFor('safari', detectBrowser(UA.safariMac)).steps[1]).toContain('Добавить в Dock');
    const firefox = instructionsFor('firefox', detectBrowser(UA.firefoxDesktop));
    expect(firefox.steps).toEqual([]);
    expect(firefox.note).toContain('Chrome или Edge');
  });
});
