import type { Browser, Locator, Page } from 'playwright-core';
import { newVisitor, type Viewport } from './browser.ts';

/** The first-visit 18+ gate: every new visitor answers it once. */
export async function passAdultGate(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Мне есть 18' }).click();
  await page.getByRole('dialog', { name: 'Только для взрослых' }).waitFor({ state: 'detached' });
}

/** A new visitor (own storage and address) on the home page, past the 18+ gate. */
export async function visitHome(
  browser: Browser,
  appUrl: string,
  viewport: Viewport = 'desktop',
): Promise<Page> {
  const ctx = await newVisitor(browser, viewport);
  const page = await ctx.newPage();
  await page.goto(appUrl);
  await passAdultGate(page);
  return page;
}

/** Opens the user menu and returns the name shown at its top. */
export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Меню пользователя' }).click();
  await page.getByRole('menu').waitFor();
}

export async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('auth_token') ?? sessionStorage.getItem('auth_token'));
}

/**
 * Waits for a notification (toast) with this text, then closes it as a user would, so it no longer
 * covers the buttons beneath it.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
  await toast.waitFor();
  await toast.locator('.mantine-Notification-closeButton').click();
  await toast.waitFor({ state: 'detached' });
}

/**
 * A new visitor's quickest way into a chat: /gfs, the 18+ gate, the first ready-made companion.
 * Returns her name once her greeting is on screen.
 */
export async function adoptFirstCompanion(page: Page, appUrl: string): Promise<string> {
  await page.goto(`${appUrl}/gfs`);
  await passAdultGate(page);
  const first = page.getByRole('article').first();
  await first.waitFor();
  const name = (await first.getAttribute('aria-label'))?.split(',')[0] ?? '';
  await page.getByRole('button', { name: `Выбрать: ${name}` }).click();
  await expectSettled(
    page,
    /\/chat\/[0-9a-f-]{36}$/,
    page.locator('[data-testid="chat-message"][data-sender="assistant"]'),
  );
  return name;
}

/**
 * The page a user settles on (issue 9): the URL matches `url` and stays the same for `stableMs`, and
 * `content` is visible at the end of it. A URL that is only passed through (a redirect a moment later)
 * fails this, where `waitForURL` alone would pass.
 */
export async function expectSettled(
  page: Page,
  url: RegExp,
  content: Locator,
  { stableMs = 1500, timeout = 30_000 }: { stableMs?: number; timeout?: number } = {},
): Promise<void> {
  await page.waitForURL(url, { timeout });
  const deadline = Date.now() + timeout;
  let since = Date.now();
  let last = page.url();
  while (Date.now() - since < stableMs) {
    if (Date.now() > deadline) throw new Error(`the URL never settled: last ${last}`);
    await page.waitForTimeout(100);
    const now = page.url();
    if (now !== last) {
      last = now;
      since = Date.now();
    }
  }
  if (!url.test(last)) {
    throw new Error(`settled on ${last}, expected ${url}`);
  }
  await content.first().waitFor({ state: 'visible', timeout: Math.max(1000, deadline - Date.now()) });
  if (page.url() !== last) throw new Error(`left ${last} for ${page.url()} while waiting for the content`);
}
