import { describe, expect, it } from 'vitest';
import { newVisitor } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { adoptFirstCompanion, expectSettled } from './support/steps.ts';

const journey = useJourney({ llm: {} });

describe('chat on an OpenAI-compatible upstream', () => {
  it('streams the upstream reply into the chat and keeps it after a reload', async () => {
    const ctx = await newVisitor(journey.browser);
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);
    const assistant = page.locator('[data-testid="chat-message"][data-sender="assistant"]');
    // A real model answers: no "демо-режим" in the header (the config is known before the chat shows).
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('демо-режим').count()).toBe(0);

    await page.getByRole('textbox', { name: 'Сообщение' }).fill('Какая сегодня погода?');
    await page.getByRole('textbox', { name: 'Сообщение' }).press('Enter');
    const reply = assistant.filter({ hasText: '«Какая сегодня погода?». Давай продолжим!' });
    await reply.waitFor({ timeout: 30_000 });

    const chatRequest = journey.llm.requests.find((r) =>
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
