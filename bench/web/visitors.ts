import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type LocalStorageState, newVisitor } from './browser.ts';

/** The two kinds of returning visitor the routes are measured for, made by real journeys in the app. */
export interface Visitors {
  /** Answered the 18+ gate on a previous visit and holds a guest session; no companion yet. */
  gatePassed: LocalStorageState;
  /** A guest who adopted a ready-made companion: the chat exists and has her greeting. */
  withCompanion: LocalStorageState;
  chatId: string;
}

export async function passAdultGate(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Мне есть 18' }).click();
  await page.getByRole('dialog', { name: 'Только для взрослых' }).waitFor({ state: 'detached' });
}

async function storageOf(ctx: BrowserContext, origin: string): Promise<LocalStorageState> {
  const state = await ctx.storageState();
  return state.origins.find((o) => o.origin === origin)?.localStorage ?? [];
}

export async function prepareVisitors(browser: Browser, origin: string): Promise<Visitors> {
  const first = await newVisitor(browser, origin, 'desktop');
  try {
    const page = await first.newPage();
    await page.goto(`${origin}/`);
    await passAdultGate(page);
    await page.locator('h1').first().waitFor();
    // The app confirms the answer on the server too; let that finish before taking the storage.
    await page.waitForLoadState('networkidle');
    const gatePassed = await storageOf(first, origin);

    const other = await newVisitor(browser, origin, 'desktop');
    try {
      const chatPage = await other.newPage();
      await chatPage.goto(`${origin}/gfs`);
      await passAdultGate(chatPage);
      const card = chatPage.getByRole('article').first();
      await card.waitFor();
      const name = (await card.getAttribute('aria-label'))?.split(',')[0] ?? '';
      await chatPage.getByRole('button', { name: `Выбрать: ${name}` }).click();
      await chatPage.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      await chatPage.locator('[data-testid="chat-message"][data-sender="assistant"]').first().waitFor();
      await chatPage.waitForLoadState('networkidle');
      const chatId = chatPage.url().split('/').pop() ?? '';
      return { gatePassed, withCompanion: await storageOf(other, origin), chatId };
    } finally {
      await other.close();
    }
  } finally {
    await first.close();
  }
}
