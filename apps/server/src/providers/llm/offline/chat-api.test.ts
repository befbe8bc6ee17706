import type { Message } from '@podruga/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { characters, chats } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp, testConfig } from '../../../test/app.ts';
import { useTestDatabase } from '../../../test/db.ts';
import { bearer, guest } from '../../../test/http.ts';
import { createLlmPort } from '../index.ts';
import { createOfflineLlm } from './index.ts';

const getDatabase = useTestDatabase();

describe('the offline companion through the chat API', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(getDatabase(), {
      deps: { llm: createOfflineLlm({ delayMs: 0, now: () => new Date('2025-10-01T17:00:00Z') }) },
    });
  });
  afterEach(() => t.app.close());

  async function chatWith(traits: Partial<typeof characters.$inferInsert>) {
    const session = await guest(t.app, '10.0.9.1');
    const [character] = await getDatabase()
      .db.insert(characters)
      .values({ userId: session.user_id, name: 'Мила', age: 27, ...traits })
      .returning();
    if (!character) throw new Error('no character');
    const [chat] = await getDatabase()
      .db.insert(chats)
      .values({ userId: session.user_id, characterId: character.id, title: 'Chat with Мила' })
      .returning();
    if (!chat) throw new Error('no chat');
    return { token: session.access_token, chatId: chat.id };
  }

  it('is the default without LLM_PROVIDER, and says so in GET /api/config', async () => {
    expect(createLlmPort(testConfig())).toMatchObject({ adapter: 'offline', offline: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().providers.llm).toEqual({ adapter: 'offline', offline: true });
  });

  it('greets in character, answers from her traits, never echoes, remembers the name', async () => {
    const { token, chatId } = await chatWith({
      personality: 'ice_queen',
      occupation: 'chef',
      mood: 'sarcastic',
      languageStyle: 'poetic',
      habit: 'romantic',
      hairColor: 'red',
    });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/first_message',
      headers: bearer(token),
      payload: { chat_id: chatId },
    });
    expect(first.statusCode, first.body).toBe(200);
    // 17:00 UTC is 20:00 in Moscow: a good evening from Мила.
    expect(first.json<{ response: string }>().response).toMatch(/^Добрый вечер.*Мила/);

    const reply = async (content: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/messages/',
        headers: bearer(token),
        payload: { chat_id: chatId, content },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ reply: Message }>().reply;
    };
    const send = async (content: string) => (await reply(content)).content;
    // A photo asked for is made (issue 14): her short line with the placeholder, never the user's words.
    const photo = await reply('Привет! Меня зовут Саша. Пришли своё фото в красном платье');
    expect(photo.message_type).toBe('image');
    expect(photo.content).not.toMatch(/красном платье|Пришли своё/);
    const job = await send('Кем ты работаешь?');
    expect(job).toMatch(/шеф-повар|кухн/i);
    const name = await send('Как меня зовут?');
    expect(name).toContain('Саша');
    const again = await send('ок');
    expect(again).not.toBe(name);
  });
});
