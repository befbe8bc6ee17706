import { type Browser, type BrowserContext, type Page } from 'playwright-core';
export declare const CHROMIUM: string;
/** Debian's Chromium on a closed network, as root: no sandbox, no background traffic. */
export declare const CHROMIUM_FLAGS: string[];
/** Debian's Chromium with the flags this machine needs; the journeys and bench:web both launch it here. */
export declare function launchBrowser(): Promise<Browser>;
export type Viewport = 'phone' | 'desktop';
/** A person's screen: a phone is touch and mobile, a desktop is neither. */
export declare function screenOf(viewport: Viewport): {
  locale: string;
  viewport: {
    width: number;
    height: number;
  };
  hasTouch: boolean;
  isMobile: boolean;
};
/**
 * A fresh visitor: empty storage and an address of its own (X-Forwarded-For, trusted by the test
 * server), so the 3-guests-per-hour rule applies per visitor as it would in production.
 */
export declare function newVisitor(browser: Browser, viewport?: Viewport): Promise<BrowserContext>;
export declare function screenshot(page: Page, name: string): Promise<string>;
