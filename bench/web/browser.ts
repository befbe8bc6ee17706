import type { Browser, BrowserContext } from 'playwright-core';
import { screenOf, type Viewport } from '../../e2e/support/browser.ts';

export { CHROMIUM, CHROMIUM_FLAGS, launchBrowser, type Viewport } from '../../e2e/support/browser.ts';

let visitors = 0;

/**
 * A client address of its own per visitor (TEST-NET-2, only ever written into a header): the server trusts
 * X-Forwarded-For and allows a few guests per address and hour.
 */
export function nextClientIp(): string {
  visitors += 1;
  return `198.51.${100 + Math.floor(visitors / 250)}.${(visitors % 250) + 1}`;
}

/** One browser profile as a person would have it: the address, the screen, and what the site stored. */
export type LocalStorageState = { name: string; value: string }[];

export function newVisitor(
  browser: Browser,
  origin: string,
  viewport: Viewport,
  localStorage: LocalStorageState = [],
): Promise<BrowserContext> {
  return browser.newContext({
    ...screenOf(viewport),
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
    storageState: { cookies: [], origins: localStorage.length ? [{ origin, localStorage }] : [] },
  });
}
