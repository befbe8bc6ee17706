import type { Page } from 'playwright-core';

/** The chat's message bubbles of one sender. */
export const bubbles = (page: Page, sender: 'user' | 'assistant') =>
  page.locator(`[data-testid="chat-message"][data-sender="${sender}"]`);

/** Sends a message and waits for her next reply to be complete on screen. Returns its text. */
export async function say(page: Page, text: string): Promise<string> {
  const replies = bubbles(page, 'assistant');
  const before = await replies.count();
  await page.getByRole('textbox', { name: 'Сообщение' }).fill(text);
  await page.getByRole('textbox', { name: 'Сообщение' }).press('Enter');
  await bubbles(page, 'user').filter({ hasText: text }).last().waitFor();
  // The reply streams: it shows up while it is still being written, then completes.
  await replies.nth(before).waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="chat-message"] [class*="cursor"]'),
    undefined,
    { timeout: 30_000 },
  );
  const reply = replies.nth(before);
  for (let i = 0; i < 300 && !(await reply.textContent())?.trim(); i++) await page.waitForTimeout(100);
  return (await reply.textContent()) ?? '';
}

/** Waits until her reply being written shows at least `words` words (a reply caught in its middle). */
export async function waitForStreamingWords(page: Page, words: number): Promise<void> {
  await page.waitForFunction(
    (n) => (document.querySelector('[class*="cursor"]')?.textContent ?? '').split(' ').length >= n,
    words,
    { timeout: 30_000 },
  );
}

/** Waits until her last bubble is whole (nothing streams) and ends with `ending`. */
export async function waitForLastReplyEnding(page: Page, ending: string): Promise<void> {
  await page.waitForFunction(
    (end) => {
      const all = document.querySelectorAll('[data-testid="chat-message"][data-sender="assistant"]');
      const text = all[all.length - 1]?.querySelector('[class*="bubble"]')?.textContent ?? '';
      return text.endsWith(end) && !document.querySelector('[class*="cursor"]');
    },
    ending,
    { timeout: 45_000 },
  );
}

/**
 * Records every distinct text her newest bubble shows from now on, so a journey can tell a reply that
 * streamed (many steps) from one that arrived whole. Read them with `seenReplies`.
 */
export async function watchReplies(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    new MutationObserver(() => {
      const all = document.querySelectorAll('[data-testid="chat-message"][data-sender="assistant"]');
      const text = all[all.length - 1]?.querySelector('[class*="bubble"]')?.textContent ?? '';
      if (seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** The texts `watchReplies` has recorded so far. */
export function seenReplies(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
}
