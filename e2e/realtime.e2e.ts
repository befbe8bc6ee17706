import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitor, screenshot } from './support/browser.ts';
import { seenReplies, waitForLastReplyEnding, waitForStreamingWords, watchReplies } from './support/chat.ts';
import { useJourney } from './support/journey.ts';
import { adoptFirstCompanion, expectSettled, storedToken } from './support/steps.ts';

/** What the chat shows while its socket is down, and when it gives up (000 §8, in Russian). */
const RECONNECTING = 'Соединение потеряно. Переподключаемся…';
const RECONNECT_FAILED = 'Не удалось переподключиться. Обновите страницу.';
const CHAT_URL = /\/chat\/[0-9a-f-]{36}$/;
/** The fake model says a word every 150 ms: a reply streams for a second or more, in many steps. */
const WORD_DELAY_MS = 150;

const journey = useJourney({ llm: { wordDelayMs: WORD_DELAY_MS } });

const assistant = (page: Page) => page.locator('[data-testid="chat-message"][data-sender="assistant"]');
const streamingBubble = (page: Page) => page.locator('[data-testid="chat-message"] [class*="cursor"]');
const typingDots = (page: Page) => page.getByRole('status', { name: 'Подруга печатает' });

/**
 * Sends `text` and waits for her whole reply (it quotes the message). Returns the texts the reply bubble
 * went through while it was written.
 */
async function sendAndWatch(page: Page, text: string): Promise<string[]> {
  const seenBefore = (await seenReplies(page)).length;
  await page.getByRole('textbox', { name: 'Сообщение' }).fill(text);
  await page.getByRole('textbox', { name: 'Сообщение' }).press('Enter');
  const reply = assistant(page).filter({ hasText: `«${text}». Давай продолжим!` });
  await reply.waitFor({ timeout: 45_000 });
  await streamingBubble(page).waitFor({ state: 'detached', timeout: 30_000 });
  const seen = await seenReplies(page);
  return seen.slice(seenBefore).filter(Boolean);
}

/** Streamed over the socket: the bubble grew word by word before it held the whole reply. */
function expectStreamed(steps: string[], text: string): void {
  const growing = steps.filter((t) => `[модель] Я услышала тебя: «${text}». Давай продолжим!`.startsWith(t));
  expect(growing.length).toBeGreaterThan(2);
  expect(steps.at(-1)).toBe(`[модель] Я услышала тебя: «${text}». Давай продолжим!`);
}

/** The page has settled on the chat, showing `text`'s reply, with no connection banner left. */
async function expectChatting(page: Page, text: string): Promise<void> {
  await expectSettled(page, CHAT_URL, assistant(page).filter({ hasText: `«${text}»` }));
  expect(await page.getByText(RECONNECTING).count()).toBe(0);
  expect(await page.getByText(RECONNECT_FAILED).count()).toBe(0);
}

describe('the server restarting under a visitor', () => {
  it('comes back on the same address with its data, after a deploy and after a crash', async () => {
    const res = await fetch(`${journey.app.url}/api/auth/anonymous`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    const { access_token: token } = (await res.json()) as { access_token: string };
    const valid = async () =>
      (await fetch(`${journey.app.url}/api/auth/validate`, { headers: { authorization: `Bearer ${token}` } }))
        .ok;
    let downChecked = false;
    await journey.app.restart('graceful', {
      whileDown: async () => {
        await expect(fetch(`${journey.app.url}/api/health`)).rejects.toThrow();
        downChecked = true;
      },
    });
    expect(downChecked).toBe(true);
    expect(await valid()).toBe(true);
    await journey.app.restart('crash');
    expect(await valid()).toBe(true);
    expect(journey.app.logs()).toContain('server stopped (crash)');
  });

  it('a deploy in the middle of a chat: she goes on answering, streamed, without a reload', async () => {
    const ctx = await newVisitor(journey.browser, 'phone');
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);
    await watchReplies(page);
    expectStreamed(await sendAndWatch(page, 'Привет! Как дела?'), 'Привет! Как дела?');

    await journey.app.restart('graceful');
    const after = 'Я вернулся, ты тут?';
    expectStreamed(await sendAndWatch(page, after), after);
    await expectChatting(page, after);
    await screenshot(page, 'realtime-after-deploy');
    await ctx.close();
  }, 120_000);

  it('the app is down for 15 s: the chat says so, then recovers by itself', async () => {
    const ctx = await newVisitor(journey.browser, 'phone');
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);
    await watchReplies(page);
    await sendAndWatch(page, 'Ты здесь?');

    const unsent = 'Ты меня слышишь?';
    await journey.app.restart('graceful', {
      whileDown: async () => {
        const down = Date.now();
        await page.getByText(RECONNECTING).waitFor();
        await screenshot(page, 'realtime-down');
        // A send waits for the socket, then tries HTTP: neither is there, so the bubble says so.
        await page.getByRole('textbox', { name: 'Сообщение' }).fill(unsent);
        await page.getByRole('textbox', { name: 'Сообщение' }).press('Enter');
        await page
          .locator('[data-testid="chat-message"][data-failed]')
          .filter({ hasText: unsent })
          .waitFor({ timeout: 30_000 });
        await screenshot(page, 'realtime-down-unsent');
        await page.waitForTimeout(Math.max(0, 15_000 - (Date.now() - down)));
        // Still trying after the spec's ten quick attempts: it has not given up.
        expect(await page.getByText(RECONNECT_FAILED).count()).toBe(0);
      },
    });
    // Nobody touches the page: the banner goes once the socket is back.
    await page.getByText(RECONNECTING).waitFor({ state: 'detached', timeout: 60_000 });
    // The history fetched after the reconnect keeps the message the server never got, marked.
    await expect(
      page.locator('[data-testid="chat-message"][data-failed]').filter({ hasText: unsent }).count(),
    ).resolves.toBe(1);
    const after = 'Сервер снова работает?';
    expectStreamed(await sendAndWatch(page, after), after);
    await expectChatting(page, after);
    await screenshot(page, 'realtime-recovered');
    await ctx.close();
  }, 180_000);

  it('a crash while she answers: the reply she had started is kept, marked interrupted, and the chat goes on', async () => {
    const ctx = await newVisitor(journey.browser, 'phone');
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);
    const chatId = page.url().split('/').pop() ?? '';
    const long = `Расскажи мне длинную историю ${'про море и про горы '.repeat(8).trim()}`;
    await page.getByRole('textbox', { name: 'Сообщение' }).fill(long);
    await page.getByRole('textbox', { name: 'Сообщение' }).press('Enter');
    // A few words are on screen, the rest is still coming.
    await waitForStreamingWords(page, 4);
    await screenshot(page, 'realtime-streaming');
    // The server has checkpointed the words sent so far (every 3 s): a crash now must not lose them.
    const token = await storedToken(page);
    const checkpointed = () =>
      page.evaluate(
        async ({ id, bearer }) => {
          const res = await fetch(`/api/messages/${id}`, { headers: { authorization: `Bearer ${bearer}` } });
          const rows = (await res.json()) as { content: string; is_streaming: boolean }[];
          return rows.some((m) => m.is_streaming && m.content.trim() !== '');
        },
        { id: chatId, bearer: token },
      );
    await expect.poll(checkpointed, { timeout: 15_000 }).toBe(true);
    await journey.app.restart('crash');

    await streamingBubble(page).waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByText(RECONNECTING).waitFor({ state: 'detached', timeout: 60_000 });
    expect(await typingDots(page).count()).toBe(0);
    const stored = await page.evaluate(
      async ({ id, bearer }) => {
        const res = await fetch(`/api/messages/${id}`, { headers: { authorization: `Bearer ${bearer}` } });
        return ((await res.json()) as { content: string; is_user: boolean }[])
          .filter((m) => !m.is_user)
          .map((m) => m.content);
      },
      { id: chatId, bearer: token },
    );
    const shown = await assistant(page).locator('[class*="bubble"]').allTextContents();
    expect(shown).toEqual(stored);
    // What she had said is there, marked as cut short, and stays after a reload.
    const interrupted = assistant(page).filter({ hasText: 'Ответ прервался' });
    await interrupted.waitFor();
    await screenshot(page, 'realtime-after-crash');
    await page.reload();
    await expectSettled(
      page,
      new RegExp(`/chat/${chatId}$`),
      assistant(page).filter({ hasText: 'Ответ прервался' }),
    );

    // One tap and she goes on from where she stopped (issue 17): the same bubble, streamed, whole.
    const cutText = (await interrupted.locator('[class*="bubble"]').textContent()) ?? '';
    expect(cutText.trim()).not.toBe('');
    await watchReplies(page);
    await interrupted.getByRole('button', { name: 'Продолжить' }).click();
    // Her last bubble, whole again: it ends as the model's reply ends, and nothing streams any more.
    await waitForLastReplyEnding(page, 'Давай продолжим!');
    const continued = (await assistant(page).last().locator('[class*="bubble"]').textContent()) ?? '';
    expect(continued.startsWith(cutText)).toBe(true);
    expect(continued.length).toBeGreaterThan(cutText.length);
    expect(await page.getByText('Ответ прервался').count()).toBe(0);
    // The model was asked to go on from her text, not to answer again.
    const asked = journey.llm.requests.at(-1)?.messages ?? [];
    expect(asked.at(-2)).toEqual({ role: 'assistant', content: cutText });
    expect(asked.at(-1)?.role).toBe('system');
    await screenshot(page, 'realtime-continued');
    await page.reload();
    await expectSettled(page, new RegExp(`/chat/${chatId}$`), assistant(page).filter({ hasText: continued }));
    expect(await page.getByText('Ответ прервался').count()).toBe(0);

    await watchReplies(page);
    const after = 'Ты снова со мной?';
    expectStreamed(await sendAndWatch(page, after), after);
    await expectChatting(page, after);
    await ctx.close();
  }, 180_000);

  it('a reload while she answers: the text so far at once, the rest live', async () => {
    const ctx = await newVisitor(journey.browser, 'desktop');
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);
    const long = `Расскажи ещё одну историю ${'про лес и про реку '.repeat(8).trim()}`;
    await page.getByRole('textbox', { name: 'Сообщение' }).fill(long);
    await page.getByRole('textbox', { name: 'Сообщение' }).press('Enter');
    await waitForStreamingWords(page, 4);
    // Well before the server's first checkpoint (3 s): only the resumable stream knows these words.
    await page.reload();
    const reply = `[модель] Я услышала тебя: «${long}». Давай продолжим!`;
    // Back on the page: her bubble streams on from the words already said, to the end.
    await waitForStreamingWords(page, 4);
    const first = (await streamingBubble(page).textContent()) ?? '';
    expect(reply.startsWith(first.trim())).toBe(true);
    await watchReplies(page);
    await streamingBubble(page).waitFor({ state: 'detached', timeout: 45_000 });
    await expectSettled(page, CHAT_URL, assistant(page).filter({ hasText: 'Давай продолжим!' }));
    expect(await assistant(page).locator('[class*="bubble"]').last().textContent()).toBe(reply);
    await screenshot(page, 'realtime-resumed');
    await ctx.close();
  }, 120_000);
});
