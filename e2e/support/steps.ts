import type { Page } from 'playwright-core';

/** The first-visit 18+ gate: every new visitor answers it once. */
export async function passAdultGate(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Мне есть 18' }).click();
  await page.getByRole('dialog', { name: 'Только для взрослых' }).waitFor({ state: 'detached' });
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
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  await page.locator('[data-testid="chat-message"][data-sender="assistant"]').first().waitFor();
  return name;
}
