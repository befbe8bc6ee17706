import { NOTIFICATION_MESSAGES, PUSH_PROMPTS } from '@podruga/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerFromMenu } from './support/account.ts';
import { linkFromMail } from './support/app.ts';
import { newVisitor, screenshot, type Viewport } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { expectSettled, expectToast, passAdultGate } from './support/steps.ts';

const journey = useJourney();

const bell = (page: Page) => page.getByRole('button', { name: /^Уведомления/ });
const badge = (page: Page) => page.getByTestId('notifications-badge');

/**
 * Opens the bell's list and waits for `text` in it. A press that lands while the page is still settling
 * (a loaded machine) may not open it: pressed again only while the list is not open.
 */
async function openBellFor(page: Page, text: string): Promise<void> {
  const list = page.getByRole('dialog', { name: 'Уведомления' });
  await expect
    .poll(
      async () => {
        if (!(await list.isVisible())) await bell(page).click();
        return list.getByText(text).isVisible();
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBe(true);
}

/** Waits until the page's live socket is open (the bell opens it after the first tap, or when idle). */
function socketOpened(page: Page): Promise<unknown> {
  return page.waitForEvent('websocket', {
    predicate: (ws) => ws.url().includes('/socket.io'),
    timeout: 20_000,
  });
}

async function registeredOnGallery(viewport: Viewport, name: string, email: string) {
  const ctx = await newVisitor(journey.browser, viewport);
  const page = await ctx.newPage();
  await page.goto(`${journey.app.url}/gfs`);
  await passAdultGate(page);
  await registerFromMenu(page, { name, email });
  const socket = socketOpened(page);
  await page.reload();
  await page.getByRole('article').first().waitFor();
  await page.mouse.click(5, 300);
  await socket;
  return { ctx, page };
}

async function waitForMail(count: number): Promise<string[]> {
  let mails = journey.app.outbox();
  for (let i = 0; i < 50 && mails.length < count; i++) {
    await new Promise((r) => setTimeout(r, 100));
    mails = journey.app.outbox();
  }
  return mails;
}

describe('notifications in the browser', () => {
  it('arrive live, are read from the bell and open her chat', async () => {
    const email = `vera.e2e-${Date.now()}@mail.ru`;
    const before = journey.app.outbox().length;
    const { ctx, page } = await registeredOnGallery('desktop', 'Вера', email);
    expect(await badge(page).count()).toBe(0);

    // In another tab she confirms her address through the mailed link: the bell hears it, no reload.
    const mails = await waitForMail(before + 1);
    const link = linkFromMail(
      mails.find((m) => m.includes(encodeURIComponent(email)) || m.includes(email))!,
      '/verify-email',
    );
    const other = await ctx.newPage();
    await other.goto(link);
    await other.getByRole('heading', { name: /подтвержден/i }).waitFor();
    await expect.poll(() => badge(page).textContent(), { timeout: 15_000 }).toBe('1');

    // There she also picks a companion from the gallery: a second notification, live again.
    await other.goto(`${journey.app.url}/gfs`);
    const first = other.getByRole('article').first();
    await first.waitFor();
    const name = (await first.getAttribute('aria-label'))?.split(',')[0] ?? '';
    await other.getByRole('button', { name: `Выбрать: ${name}` }).click();
    await other.waitForURL(/\/chat\//);
    await expect.poll(() => badge(page).textContent(), { timeout: 15_000 }).toBe('2');
    await other.close();
    await screenshot(page, 'notifications-badge');

    // The first press offers notifications (001 §4); «Не сейчас» lets the bell open its list.
    await page.bringToFront();
    await bell(page).click();
    const prompt = page.getByRole('dialog', { name: PUSH_PROMPTS[0].title });
    await prompt.waitFor();
    await screenshot(page, 'notifications-permission');
    await prompt.getByRole('button', { name: 'Не сейчас' }).click();
    await prompt.waitFor({ state: 'detached' });

    await bell(page).click();
    const list = page.getByRole('dialog', { name: 'Уведомления' });
    await list.getByText(`${name} уже ждёт тебя`).waitFor();
    await list.getByText('Почта подтверждена').waitFor();
    expect(await list.getByText('только что').count()).toBe(2);
    await screenshot(page, 'notifications-dropdown');

    await list.getByRole('button', { name: new RegExp(`${name} уже ждёт тебя`) }).click();
    await expectSettled(
      page,
      /\/chat\/[0-9a-f-]{36}$/,
      page.locator('[data-testid="chat-message"][data-sender="assistant"]'),
    );
    await expect.poll(() => badge(page).textContent()).toBe('1');
    await screenshot(page, 'notifications-opened-chat');
    await ctx.close();
  });

  it('on a phone: the bell fits the header, "read all" and "clear" say so', async () => {
    const email = `nina.e2e-${Date.now()}@mail.ru`;
    const { ctx, page } = await registeredOnGallery('phone', 'Нина', email);
    // Declined earlier on this device: the bell opens its list at once.
    await page.evaluate(() => localStorage.setItem('notification_permission_denied_at', String(Date.now())));
    const first = page.getByRole('article').first();
    const name = (await first.getAttribute('aria-label'))?.split(',')[0] ?? '';
    await page.getByRole('button', { name: `Выбрать: ${name}` }).click();
    await page.waitForURL(/\/chat\//);
    await expect.poll(() => badge(page).textContent(), { timeout: 15_000 }).toBe('1');
    const list = page.getByRole('dialog', { name: 'Уведомления' });
    await openBellFor(page, `${name} уже ждёт тебя`);
    await screenshot(page, 'notifications-dropdown-phone');
    // The light theme too (the toggle is a press outside the list: it closes, the bell opens it again).
    await page.getByRole('button', { name: 'Переключить тему' }).click();
    await list.waitFor({ state: 'hidden' });
    await bell(page).click();
    await list.getByText(`${name} уже ждёт тебя`).waitFor();
    await screenshot(page, 'notifications-dropdown-phone-light');
    await list.getByRole('button', { name: 'Прочитать все' }).click();
    await expectToast(page, NOTIFICATION_MESSAGES.allRead);
    expect(await badge(page).count()).toBe(0);
    // Closing the toast was a press outside the list, which closes it; the bell opens it again.
    await list.waitFor({ state: 'hidden' });
    await bell(page).click();
    await list.getByText(`${name} уже ждёт тебя`).waitFor();
    await list.getByRole('button', { name: 'Очистить' }).click();
    await list.getByText('Пока нет уведомлений').waitFor();
    await screenshot(page, 'notifications-cleared-phone');
    await expectToast(page, NOTIFICATION_MESSAGES.cleared);
    // Cleared stays cleared when the list is opened again (only on this device: no call).
    await list.waitFor({ state: 'hidden' });
    await bell(page).click();
    await list.getByText('Пока нет уведомлений').waitFor();
    await ctx.close();
  });
});
