import { type Browser, type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Debian's Chromium on a closed network, as root: no sandbox, no background traffic. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

let visitors = 0;

/**
 * A client address of its own per visitor (TEST-NET-2, only ever written into a header): the server trusts
 * X-Forwarded-For and allows a few guests per address and hour.
 */
export function nextClientIp(): string {
  visitors += 1;
  return `198.51.${100 + Math.floor(visitors / 250)}.${(visitors % 250) + 1}`;
}

export type Viewport = 'phone' | 'desktop';

/** One browser profile as a person would have it: the address, the screen, and what the site stored. */
export type LocalStorageState = { name: string; value: string }[];

export function newVisitor(
  browser: Browser,
  origin: string,
  viewport: Viewport,
  localStorage: LocalStorageState = [],
): Promise<BrowserContext> {
  return browser.newContext({
    locale: 'ru-RU',
    viewport: viewport === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    hasTouch: viewport === 'phone',
    isMobile: viewport === 'phone',
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
    storageState: { cookies: [], origins: localStorage.length ? [{ origin, localStorage }] : [] },
  });
}
