import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import { CHROMIUM, CHROMIUM_FLAGS, newVisitor, screenshot } from './support/browser.ts';
import { bubbles } from './support/chat.ts';
import { type FakeStt, startFakeStt } from './support/fake-stt.ts';
import { adoptFirstCompanion, expectToast, storedToken } from './support/steps.ts';

// Voice messages against a speech-to-text service (a local OpenAI-compatible fake), and her voice from
// the offline espeak-ng stand-in, as on `npm start` with STT_* set. Chromium gets a fake microphone
// (a tone) and answers the permission prompt itself.
let stt: FakeStt;
let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  stt = await startFakeStt();
  [app, browser] = await Promise.all([
    startApp(stt.appEnv),
    chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await stt?.close();
});

describe('voice', () => {
  it('a guest says something into the microphone: it is recognised, sent as her message and answered', async () => {
    const ctx = await newVisitor(browser, 'desktop');
    await ctx.grantPermissions(['microphone'], { origin: app.url });
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, app.url);
    const replies = await bubbles(page, 'assistant').count();

    await page.getByRole('button', { name: 'Записать голосовое сообщение' }).click();
    const dialog = page.getByRole('dialog', { name: 'Голосовое сообщение' });
    await dialog.getByRole('button', { name: 'Начать запись' }).click();
    await dialog.getByRole('button', { name: 'Отправить' }).waitFor();
    await page.waitForTimeout(1500);
    await screenshot(page, 'voice-recording');
    await dialog.getByRole('button', { name: 'Отправить' }).click();

    // The fake heard a real WebM recording in Russian.
    await expectToast(page, 'Распознано: Привет, как дела?');
    await dialog.waitFor({ state: 'hidden' });
    expect(stt.requests).toHaveLength(1);
    expect(stt.requests[0]?.fields.language).toBe('ru');
    expect(stt.requests[0]?.audio.readUInt32BE(0)).toBe(0x1a45dfa3);
    await bubbles(page, 'user').filter({ hasText: 'Привет, как дела?' }).waitFor();
    await bubbles(page, 'assistant').nth(replies).waitFor({ timeout: 30_000 });
    await screenshot(page, 'voice-message-sent');
  });

  it('her message is read aloud in her voice when «Послушать» is pressed', async () => {
    const ctx = await newVisitor(browser, 'phone');
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, app.url);
    const spoken = page.waitForResponse((r) => /\/api\/messages\/[^/]+\/speech$/.test(r.url()));
    await bubbles(page, 'assistant').first().getByRole('button', { name: 'Послушать' }).click();
    const response = await spoken;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^audio\//);
    // The same audio, asked for again with her session: a real WAV of her voice (kept since).
    const audio = await fetch(response.url(), {
      headers: { authorization: `Bearer ${await storedToken(page)}` },
    });
    expect(audio.status).toBe(200);
    const bytes = Buffer.from(await audio.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.length).toBeGreaterThan(20_000);
    // Playing (or done already: a short greeting): the button says what it does now, never an error toast.
    await expect
      .poll(async () => (await page.getByText('Не удалось воспроизвести голос').count()) === 0)
      .toBe(true);
    await screenshot(page, 'voice-listen-phone');
  });
});
