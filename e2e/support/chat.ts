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
