import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import { launchBrowser, newVisitor } from './support/browser.ts';
import { type FakeLlm, startFakeLlm } from './support/fake-llm.ts';
import { adoptFirstCompanion, expectSettled } from './support/steps.ts';

let llm: FakeLlm;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  llm = await startFakeLlm();
  [app, browser] = await Promise.all([startApp(llm.appEnv), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await llm?.close();
});

describe('chat on an OpenAI-compatible upstream', () => {
  it('streams the upstream reply into the chat and keeps it after a reload', async () => {
    const ctx = await newVisitor(browser);
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, app.url);
    const assistant = page.locator('[data-testid="chat-message"][data-sender="assistant"]');
    // A real model answers: no "демо-режим" in the header (the config is known before the chat shows).
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('демо-режим').count()).toBe(0);

    await page.getByLabel('Сообщение').fill('Какая сегодня погода?');
    await page.getByLabel('Сообщение').press('Enter');
    const reply = assistant.filter({ hasText: '«Какая сегодня погода?». Давай продолжим!' });
    await reply.waitFor({ timeout: 30_000 });

    const chatRequest = llm.requests.find((r) =>
      r.messages.some((m) => m.role === 'user' && m.content === 'Какая сегодня погода?'),
    );
    expect(chatRequest?.model).toBe('fake-model');
    expect(chatRequest?.stream).toBe(true);
    expect(chatRequest?.messages[0]?.role).toBe('system');

    const chatUrl = new RegExp(`${new URL(page.url()).pathname}$`);
    await page.reload();
    await expectSettled(page, chatUrl, assistant.filter({ hasText: 'Давай продолжим!' }));
    await ctx.close();
  });
});
