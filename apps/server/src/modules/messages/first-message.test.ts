import { AI_INTRO_LINES, FALLBACK_FIRST_MESSAGE, mentionsAi, withAiIntro } from '@podruga/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineLlm } from '../../providers/llm/offline/index.ts';
import type { LlmPort } from '../../providers/llm/port.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { FakeUpstream, userWithChat } from '../../test/chat.ts';
import { useTestDatabase } from '../../test/db.ts';
import { bearer, guest } from '../../test/http.ts';

const getDatabase = useTestDatabase();

const upstream = new FakeUpstream();
beforeAll(() => upstream.start());
afterAll(() => upstream.stop());

/** Issue 27: the first message of a new chat says, in her voice, that she is an AI companion. */
describe('her first message says she is an AI companion', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  async function appWith(llm: LlmPort) {
    upstream.reset();
    t = await buildTestApp(getDatabase(), { deps: { llm } });
  }

  async function greet(token: string, chatId: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/first_message',
      headers: bearer(token),
      payload: { chat_id: chatId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ response: string; message: { content: string } }>();
    expect(body.message.content).toBe(body.response);
    return body.response;
  }

  const says = (words: string) => {
    upstream.words = words.split(/(?<= )/);
  };

  it('a model’s greeting that says it is kept as it is', async () => {
    await appWith(upstream.llm());
    says('Привет! Я Алиса, твой ИИ-компаньон. Как прошёл твой день?');
    const { token, chatId } = await userWithChat(t.app, getDatabase(), '10.0.27.1');
    expect(await greet(token, chatId)).toBe('Привет! Я Алиса, твой ИИ-компаньон. Как прошёл твой день?');
  });

  it('a greeting that does not say it gets her line before its closing question', async () => {
    await appWith(upstream.llm());
    says('Привет! Я Алиса. Как прошёл твой день?');
    const { token, chatId } = await userWithChat(t.app, getDatabase(), '10.0.27.2');
    const greeting = await greet(token, chatId);
    const line = AI_INTRO_LINES.find((l) => greeting.includes(l));
    expect(line).toBeDefined();
    expect(greeting).toBe(`Привет! Я Алиса. ${line} Как прошёл твой день?`);
    // The same greeting comes back on a second call, not a second line.
    expect(await greet(token, chatId)).toBe(greeting);
  });

  it('a greeting in which she claims to be human is not used', async () => {
    await appWith(upstream.llm());
    says('Привет! Я не бот, я живой человек. Как ты?');
    const { token, chatId } = await userWithChat(t.app, getDatabase(), '10.0.27.3');
    const greeting = await greet(token, chatId);
    expect(greeting).not.toMatch(/живой человек\./);
    expect(greeting).toBe(withAiIntro(FALLBACK_FIRST_MESSAGE, chatId));
  });

  it('the fixed welcome, when the model is down, says it too', async () => {
    await appWith(upstream.llm());
    upstream.mode = 'down';
    const { token, chatId } = await userWithChat(t.app, getDatabase(), '10.0.27.4');
    const greeting = await greet(token, chatId);
    expect(mentionsAi(greeting)).toBe(true);
    expect(greeting.startsWith('Привет! Я так рада, что ты здесь.')).toBe(true);
  });

  it('the offline engine’s greeting says it in her words; so does a companion adopted from the gallery', async () => {
    await appWith(createOfflineLlm({ delayMs: 0, now: () => new Date('2025-10-01T07:00:00Z') }));
    const own = await userWithChat(t.app, getDatabase(), '10.0.27.5');
    const greeting = await greet(own.token, own.chatId);
    expect(greeting).toMatch(/ИИ-компаньон|искусственный интеллект/);
    // Her own line, not one added after it.
    expect(AI_INTRO_LINES.some((l) => greeting.includes(l))).toBe(false);

    await t.app.catalogue.seed();
    const session = await guest(t.app, '10.0.27.6');
    const adopted = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue/mia/adopt',
      headers: bearer(session.access_token),
    });
    expect(adopted.statusCode, adopted.body).toBe(200);
    const chatId = adopted.json<{ chat: { id: string } }>().chat.id;
    expect(mentionsAi(await greet(session.access_token, chatId))).toBe(true);
  });
});
