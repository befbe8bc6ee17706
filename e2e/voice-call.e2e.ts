import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import { CHROMIUM, CHROMIUM_FLAGS, launchBrowser, newVisitor, screenshot } from './support/browser.ts';
import { bubbles } from './support/chat.ts';
import { type FakeStt, startFakeStt } from './support/fake-stt.ts';
import { adoptFirstCompanion, expectToast, storedToken } from './support/steps.ts';
import { utteranceThenSilence } from './support/wav.ts';

// Voice calls over our own pipeline (no ELEVENLABS_API_KEY): the server's speech-to-text is a local
// OpenAI-compatible fake that hears «Привет, как дела?», her words come from the offline LLM and her
// voice from the offline espeak-ng stand-in, as on `npm start` with STT_* set. Chromium's fake
// microphone plays a real spoken clip (her own greeting, fetched from the app and cut to 2.5 s) followed
// by 5 s of silence, in a loop: the server's voice activity detection hears an utterance begin and end.
const HEARD = 'Привет, как дела?';

let stt: FakeStt;
let app: RunningApp;
let browser: Browser;
let folder: string;

/** A spoken WAV from the app itself: a companion's greeting read aloud by GET /api/messages/{id}/speech. */
async function spokenClip(appUrl: string): Promise<Buffer> {
  const plain = await launchBrowser();
  try {
    const page = await (await newVisitor(plain, 'desktop')).newPage();
    await adoptFirstCompanion(page, appUrl);
    const spoken = page.waitForResponse((r) => /\/api\/messages\/[^/]+\/speech$/.test(r.url()));
    await bubbles(page, 'assistant').first().getByRole('button', { name: 'Послушать' }).click();
    const response = await spoken;
    const audio = await fetch(response.url(), {
      headers: { authorization: `Bearer ${await storedToken(page)}` },
    });
    expect(audio.status).toBe(200);
    return Buffer.from(await audio.arrayBuffer());
  } finally {
    await plain.close();
  }
}

/** Every line the call dialog's transcript showed (each shows for 3 s only), with who said it. */
async function recordTranscript(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Array<{ role: string; text: string }> = [];
    (window as unknown as { __callLines: typeof seen }).__callLines = seen;
    new MutationObserver(() => {
      const line = document.querySelector('[data-testid="call-transcript"] [data-role]');
      const text = line?.textContent?.trim();
      const role = line?.getAttribute('data-role') ?? '';
      const last = seen.at(-1);
      if (text && (last?.text !== text || last.role !== role)) seen.push({ role, text });
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const callLines = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __callLines: Array<{ role: string; text: string }> }).__callLines,
  );

/** Binary websocket frames the page received (socket.io's attachments: her audio). */
function countAudioFrames(page: Page): () => number {
  let frames = 0;
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string' && payload.length > 1000) frames += 1;
    });
  });
  return () => frames;
}

async function openCallingChat(): Promise<{ page: Page; frames: () => number }> {
  const ctx = await newVisitor(browser, 'desktop');
  await ctx.grantPermissions(['microphone'], { origin: app.url });
  const page = await ctx.newPage();
  await recordTranscript(page);
  const frames = countAudioFrames(page);
  await adoptFirstCompanion(page, app.url);
  return { page, frames };
}

async function call(page: Page) {
  await page.getByRole('button', { name: 'Голосовой звонок' }).click();
  await expectToast(page, 'Голосовой звонок начат');
  const dialog = page.getByRole('dialog', { name: 'Голосовой звонок' });
  // A desktop calls at once: connected once the time left counts down.
  await dialog.getByRole('timer', { name: 'Осталось времени' }).waitFor({ timeout: 30_000 });
  return dialog;
}

beforeAll(async () => {
  stt = await startFakeStt(HEARD);
  app = await startApp(stt.appEnv);
  folder = mkdtempSync(join(tmpdir(), 'podruga-call-'));
  const wav = join(folder, 'utterance.wav');
  // The user listens first (her greeting), then speaks: 4 s of silence, 2.5 s of speech, 5 s of silence,
  // looped by Chromium.
  writeFileSync(wav, utteranceThenSilence(await spokenClip(app.url), 2.5, 5, 4));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await stt?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('voice calls', () => {
  it('a guest calls her: her greeting, what the microphone said and her answer; hung up, the chat keeps the call', async () => {
    const { page, frames } = await openCallingChat();
    const dialog = await call(page);
    await screenshot(page, 'voice-call-connected');

    // Her greeting first (transcript and audio), then the fake microphone's words, then her answer.
    await expect.poll(async () => (await callLines(page))[0]?.role, { timeout: 20_000 }).toBe('agent');
    await expect.poll(frames, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(async () => (await callLines(page)).some((l) => l.role === 'user' && l.text === HEARD), {
        timeout: 25_000,
      })
      .toBe(true);
    await expect
      .poll(
        async () => {
          const lines = await callLines(page);
          const heard = lines.findIndex((l) => l.role === 'user' && l.text === HEARD);
          return lines.slice(heard + 1).some((l) => l.role === 'agent');
        },
        { timeout: 25_000 },
      )
      .toBe(true);
    // The server's speech-to-text got the microphone's audio.
    expect(stt.requests.length).toBeGreaterThan(0);

    await dialog.getByRole('button', { name: 'Завершить звонок' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const entry = page.locator('[data-testid="chat-message"][data-call-status]');
    await expect
      .poll(() => entry.last().getAttribute('data-call-status'), { timeout: 10_000 })
      .toBe('completed');
    expect(await entry.last().textContent()).toMatch(/^Голосовой звонок · Завершено( · \d+ с)?$/);
    await screenshot(page, 'voice-call-entry');
  }, 120_000);

  it('a guest’s 30 seconds run out: the call is ended at the limit, and the entry says so', async () => {
    const { page } = await openCallingChat();
    const dialog = await call(page);
    const timer = dialog.getByRole('timer', { name: 'Осталось времени' });
    expect(Number((await timer.textContent())?.split(':')[1])).toBeLessThanOrEqual(30);
    await dialog
      .getByText('Звонок скоро завершится: заканчивается дневной лимит')
      .waitFor({ timeout: 30_000 });
    await dialog.getByText('Звонок завершён: дневной лимит звонков исчерпан').waitFor({ timeout: 20_000 });
    await screenshot(page, 'voice-call-limit');
    const entry = page.locator('[data-testid="chat-message"][data-call-status]');
    await expect
      .poll(() => entry.last().getAttribute('data-call-status'), { timeout: 10_000 })
      .toBe('limit_reached');
    expect(await entry.last().textContent()).toContain('Неудавшийся');

    // Nothing is left today: a new call is refused with the limit's text.
    await dialog.getByRole('button', { name: 'Позвонить' }).click();
    await dialog
      .getByText('На сегодня время звонков закончилось. Лимит обновится в полночь по Москве.')
      .waitFor();
  }, 120_000);
});
