import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const artifacts = new URL('../.artifacts', import.meta.url).pathname;

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

/** Debian's Chromium with the flags this machine needs; the journeys and bench:web both launch it here. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

export type Viewport = 'phone' | 'desktop';

/** A person's screen: a phone is touch and mobile, a desktop is neither. */
export function screenOf(viewport: Viewport) {
  const phone = viewport === 'phone';
  return {
    locale: 'ru-RU',
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    hasTouch: phone,
    isMobile: phone,
  };
}

let clientCounter = 0;

/**
 * A fresh visitor: empty storage and an address of its own (X-Forwarded-For, trusted by the test
 * server), so the 3-guests-per-hour rule applies per visitor as it would in production.
 */
export async function newVisitor(browser: Browser, viewport: Viewport = 'desktop'): Promise<BrowserContext> {
  clientCounter += 1;
  // TEST-NET-3 (RFC 5737): a documentation range, only ever written into a header, never contacted.
  const ip = `203.0.113.${clientCounter % 250}`;
  return browser.newContext({ ...screenOf(viewport), extraHTTPHeaders: { 'x-forwarded-for': ip } });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifacts, { recursive: true });
  const file = join(artifacts, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
