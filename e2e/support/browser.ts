import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const artifacts = new URL('../.artifacts', import.meta.url).pathname;

/** Debian's Chromium with the flags this machine needs (closed network, no sandbox as root). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

let clientCounter = 0;

export type Viewport = 'phone' | 'desktop';

/**
 * A fresh visitor: empty storage and an address of its own (X-Forwarded-For, trusted by the test
 * server), so the 3-guests-per-hour rule applies per visitor as it would in production.
 */
export async function newVisitor(browser: Browser, viewport: Viewport = 'desktop'): Promise<BrowserContext> {
  clientCounter += 1;
  // TEST-NET-3 (RFC 5737): a documentation range, only ever written into a header, never contacted.
  const ip = `203.0.113.${clientCounter % 250}`;
  return browser.newContext({
    locale: 'ru-RU',
    viewport: viewport === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': ip },
    hasTouch: viewport === 'phone',
    isMobile: viewport === 'phone',
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifacts, { recursive: true });
  const file = join(artifacts, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
