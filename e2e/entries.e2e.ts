import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitor, screenshot, type Viewport } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { adoptFirstCompanion, expectSettled, openUserMenu, visitHome } from './support/steps.ts';
import {
  assistantBubbles,
  CHAT_URL,
  generateToPortrait,
  getToKnow,
  refineToPortrait,
} from './support/wizard.ts';

// Every way into a chat (issue 9): each journey must settle on the chat with her greeting on screen, not
// pass through it on the way to another page.

const journey = useJourney();

/** A visitor who adopted a companion from /gfs and went back home through the logo link. */
async function companionThenHome(
  viewport: Viewport,
): Promise<{ page: Page; name: string; chatPath: string }> {
  const ctx = await newVisitor(journey.browser, viewport);
  const page = await ctx.newPage();
  const name = await adoptFirstCompanion(page, journey.app.url);
  const chatPath = new URL(page.url()).pathname;
  await page.getByRole('link', { name: /на главную/ }).click();
  await expectSettled(page, /\/$/, page.getByRole('heading', { name: /Создай свою/ }));
  return { page, name, chatPath };
}

/** The chat page's own header: her name as the page's heading. */
function chatHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name });
}

describe('every entry into the chat settles on her chat', () => {
  it('the wizard, "Довести до идеала": her chat, then home shows the way back to her', async () => {
    const page = await visitHome(journey.browser, journey.app.url);
    await refineToPortrait(page, 'Алиса');
    const chatId = await getToKnow(page, 'Алису');
    await chatHeading(page, 'Алиса').waitFor();
    await screenshot(page, 'entries-wizard-refine-chat');

    // In-app "на главную" shows step one, with a discreet way back to her.
    await page.getByRole('link', { name: /на главную/ }).click();
    await expectSettled(page, /\/$/, page.getByRole('heading', { name: /Создай свою/ }));
    const back = page.getByRole('link', { name: /Алиса ждёт тебя/ });
    await back.waitFor();
    await screenshot(page, 'entries-home-continue-desktop');
    await back.click();
    await expectSettled(page, new RegExp(`/chat/${chatId}$`), assistantBubbles(page));

    // Opening / afresh returns her to the chat she left (002 §2).
    await page.goto(journey.app.url);
    await expectSettled(page, new RegExp(`/chat/${chatId}$`), assistantBubbles(page));
    await page.context().close();
  });

  it('the wizard, "Сгенерировать и почувствовать", on a phone', async () => {
    const page = await visitHome(journey.browser, journey.app.url, 'phone');
    await generateToPortrait(page, 'Мария');
    await getToKnow(page, 'Марию');
    await chatHeading(page, 'Мария').waitFor();
    await screenshot(page, 'entries-wizard-generate-chat-phone');

    await page.getByRole('link', { name: /на главную/ }).click();
    await expectSettled(page, /\/$/, page.getByRole('link', { name: /Мария ждёт тебя/ }));
    await screenshot(page, 'entries-home-continue-phone');
    await page.context().close();
  });

  it('the gallery, /gfs', async () => {
    const ctx = await newVisitor(journey.browser);
    const page = await ctx.newPage();
    const name = await adoptFirstCompanion(page, journey.app.url);
    await expectSettled(page, CHAT_URL, assistantBubbles(page));
    await chatHeading(page, name).waitFor();
    await ctx.close();
  });

  it('the user menu on a desktop: "Мои подруги" opens a submenu of her chats', async () => {
    const { page, name, chatPath } = await companionThenHome('desktop');
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Мои подруги' }).hover();
    const item = page.getByRole('menuitem', { name });
    await item.waitFor();
    await screenshot(page, 'entries-menu-desktop');
    await item.click();
    await expectSettled(page, new RegExp(`${chatPath}$`), assistantBubbles(page));
    await chatHeading(page, name).waitFor();
    await page.context().close();
  });

  it('the user menu on a phone: her chats listed in the menu itself', async () => {
    const { page, name, chatPath } = await companionThenHome('phone');
    await openUserMenu(page);
    await page.getByRole('menu').getByText('Мои подруги').waitFor();
    const item = page.getByRole('menuitem', { name });
    await item.waitFor();
    await screenshot(page, 'entries-menu-phone');
    await item.tap();
    await expectSettled(page, new RegExp(`${chatPath}$`), assistantBubbles(page));
    await page.context().close();
  });

  it('a reload of /chat/{id}', async () => {
    const ctx = await newVisitor(journey.browser);
    const page = await ctx.newPage();
    const name = await adoptFirstCompanion(page, journey.app.url);
    const url = page.url();
    await page.reload();
    await expectSettled(page, new RegExp(`${new URL(url).pathname}$`), assistantBubbles(page));
    await chatHeading(page, name).waitFor();
    expect(await assistantBubbles(page).count()).toBe(1);
    await ctx.close();
  });
});
