import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fillRegistration, registerFromMenu } from './support/account.ts';
import { newVisitor, screenshot } from './support/browser.ts';
import { bubbles, say, seenReplies, watchReplies } from './support/chat.ts';
import { useJourney } from './support/journey.ts';
import { adoptFirstCompanion, expectSettled, passAdultGate } from './support/steps.ts';

const journey = useJourney();

describe('chatting with her', () => {
  it('a guest chats, reloads, hits the daily limit, registers from the card and goes on', async () => {
    const ctx = await newVisitor(journey.browser);
    const page = await ctx.newPage();
    // Her greeting opens the chat.
    const name = await adoptFirstCompanion(page, journey.app.url);
    const chatId = page.url().split('/').pop();
    expect(await page.title()).toContain(name);
    // The offline engine answers: the header says so, and why (DESIGN §6).
    const demo = page.getByRole('button', { name: 'демо-режим' });
    await demo.waitFor();
    expect(await demo.getAttribute('title')).toContain('ИИ-модель не подключена');

    // Watch the stream: record every distinct text the reply bubble shows while it is written.
    await watchReplies(page);
    const reply = await say(page, 'Привет! Как прошёл твой день?');
    expect(reply.length).toBeGreaterThan(0);
    const seen = await seenReplies(page);
    expect(seen.length).toBeGreaterThan(2);
    await screenshot(page, 'chat-desktop');

    for (const text of [
      'Что ты любишь готовить?',
      'Расскажи о себе',
      'А что ты делаешь вечером?',
      'Ты красивая',
    ]) {
      await say(page, text);
    }
    const history = await bubbles(page, 'user').count();
    expect(history).toBe(5);

    await page.reload();
    await expectSettled(page, new RegExp(`/chat/${chatId}$`), bubbles(page, 'user').nth(4));
    expect(await bubbles(page, 'user').count()).toBe(5);
    expect(await bubbles(page, 'assistant').count()).toBe(6);

    // The sixth message meets the guest card; the message stays on screen, marked as not sent.
    const cards = page.getByRole('status').filter({ hasText: /лимит/i });
    const send = async (text: string) => {
      await page.getByRole('textbox', { name: 'Сообщение' }).fill(text);
      await page.getByRole('textbox', { name: 'Сообщение' }).press('Enter');
      await bubbles(page, 'user').filter({ hasText: text }).getByText('Не отправлено').waitFor();
    };
    await send('Ещё одно сообщение');
    await page.getByRole('button', { name: 'Регистрация' }).waitFor();
    // What the card offers, in real numbers (DESIGN §5), never "unlimited": registering, or Plus.
    await cards.getByText('С регистрацией — 10 сообщений в день, с Plus — 50.').waitFor();
    expect(await cards.textContent()).not.toMatch(/безлимит|неогранич/i);
    expect(await page.getByRole('button', { name: 'Получить Plus' }).count()).toBe(1);
    // Each further send: one card for the window, and every refused message marked.
    await send('И ещё одно');
    await send('И последнее');
    expect(await cards.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Регистрация' }).count()).toBe(1);
    expect(await bubbles(page, 'user').getByText('Не отправлено').count()).toBe(3);
    await screenshot(page, 'chat-guest-limit');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'chat-guest-limit-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Nothing typed is lost: after a reload the refused messages are still there, still one card.
    await page.reload();
    await expectSettled(
      page,
      new RegExp(`/chat/${chatId}$`),
      bubbles(page, 'user').getByText('Не отправлено'),
    );
    expect(await bubbles(page, 'user').getByText('Не отправлено').count()).toBe(3);
    expect(await cards.count()).toBe(1);

    await page.getByRole('button', { name: 'Регистрация' }).click();
    await fillRegistration(page, { name: 'Олег' });

    // The same chat; the card now says the limit left room, with no stale "Регистрация".
    await expectSettled(
      page,
      new RegExp(`/chat/${chatId}$`),
      cards.getByText('Лимит обновлён — можно продолжать'),
    );
    expect(await page.getByRole('button', { name: 'Регистрация' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Получить Plus' }).count()).toBe(0);
    await screenshot(page, 'chat-limit-renewed');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'chat-limit-renewed-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A refused message goes out on a tap, and she answers it.
    const replies = bubbles(page, 'assistant');
    const before = await replies.count();
    await bubbles(page, 'user')
      .filter({ hasText: 'Ещё одно сообщение' })
      .getByRole('button', { name: 'Отправить ещё раз' })
      .click();
    const resent = bubbles(page, 'user').filter({ hasText: 'Ещё одно сообщение' });
    await replies.nth(before).waitFor({ timeout: 30_000 });
    expect(await resent.getByText('Не отправлено').count()).toBe(0);
    expect(await bubbles(page, 'user').getByText('Не отправлено').count()).toBe(2);

    const after = await say(page, 'Я зарегистрировался!');
    expect(after.length).toBeGreaterThan(0);
    await ctx.close();
  });

  it('looks right on a phone', async () => {
    const ctx = await newVisitor(journey.browser, 'phone');
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);
    expect((await say(page, 'Привет!')).trim().length).toBeGreaterThan(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'chat-phone');
    // No hover on a phone: a tap on "демо-режим" tells why.
    await page.getByRole('button', { name: 'демо-режим' }).tap();
    await page.getByRole('note').getByText('ИИ-модель не подключена').waitFor();
    await screenshot(page, 'chat-demo-note-phone');
    await ctx.close();
  });
});

describe('a photo in the chat', () => {
  it('shows at once and gets a reply about it', async () => {
    const ctx = await newVisitor(journey.browser);
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    await page.getByRole('button', { name: 'Отправить фото' }).click();
    const dialog = page.getByRole('dialog', { name: 'Отправить фото' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Отправить' }).isDisabled()).toBe(true);
    await dialog
      .getByLabel('Выбрать фото')
      .setInputFiles({ name: 'sea.png', mimeType: 'image/png', buffer: png });
    await dialog.getByAltText('Выбранное фото').waitFor();
    await dialog.getByLabel('Подпись').fill('Смотри, где я был');
    await dialog.getByRole('button', { name: 'Отправить' }).click();

    const mine = bubbles(page, 'user').last();
    await mine.locator('img').waitFor();
    // The offline companion answers the photo (in her own words; the greeting never speaks of photos).
    await bubbles(page, 'assistant').filter({ hasText: /фото/i }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'chat-photo');

    await page.getByRole('button', { name: 'Открыть фото' }).first().click();
    await page.getByRole('dialog', { name: /Фото 1 из 1/ }).waitFor();
    await page.keyboard.press('Escape');

    // After a reload the photo and the reply are still there, the photo served from /pics.
    const chatUrl = new RegExp(`${new URL(page.url()).pathname}$`);
    await page.reload();
    const img = bubbles(page, 'user').last().locator('img');
    await expectSettled(page, chatUrl, img);
    expect(await img.getAttribute('src')).toMatch(/\/pics\//);
    await ctx.close();
  });
});

describe('a registered user without a companion', () => {
  it('opens /chat and is offered to create one or pick one, not an error', async () => {
    const ctx = await newVisitor(journey.browser);
    const page = await ctx.newPage();
    await page.goto(journey.app.url);
    await passAdultGate(page);
    await registerFromMenu(page, { name: 'Игорь' });

    await page.goto(`${journey.app.url}/chat`);
    await expectSettled(page, /\/chat$/, page.getByRole('heading', { name: 'У тебя пока нет подруги' }));
    expect(await page.getByText(/Ошибка/).count()).toBe(0);
    await screenshot(page, 'chat-no-companion-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'chat-no-companion-phone');

    await page.getByRole('link', { name: 'Выбрать готовую' }).click();
    await expectSettled(page, /\/gfs$/, page.getByRole('article'));
    await page.goBack();
    await page.getByRole('link', { name: 'Создать подругу' }).click();
    await expectSettled(page, /\/$/, page.getByRole('heading', { name: /Создай свою/ }));
    // Nothing to return to: "/" opened afresh stays on step one.
    await page.goto(journey.app.url);
    await expectSettled(page, /\/$/, page.getByRole('heading', { name: /Создай свою/ }));
    await ctx.close();
  });
});
