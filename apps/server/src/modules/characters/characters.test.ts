import { randomUUID } from 'node:crypto';
import {
  type Character,
  type Chat,
  characterSchema,
  chatSchema,
  companionLimitErrorSchema,
} from '@podruga/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chats, messages, safetyRefusals } from '../../db/schema/index.ts';
import type { StoragePort } from '../../providers/storage/port.ts';
import { useTestApp } from '../../test/app.ts';
import { characterInput, createCharacter, setMembership } from '../../test/characters.ts';
import { bearer, expectError, guest, register } from '../../test/http.ts';
import { SAFETY_MESSAGES } from '../safety/safety.ts';

const t = useTestApp();

async function freeUser(email = 'anna@mail.ru') {
  return register(t.app, { email });
}

describe('characters CRUD', () => {
  it('creates, lists newest first, reads, updates and deletes', async () => {
    const { access_token: token } = await freeUser();
    const first = await createCharacter(t.app, token, { name: 'Алиса' });
    expect(characterSchema.strict().parse(first)).toMatchObject({
      name: 'Алиса',
      age: 23,
      temperament: null,
      img_gen_model: null,
      image: null,
      avatar: null,
      is_ex: false,
      catalogue_id: null,
      summary: 'Заботливая, учительница, 23 года',
    });
    expect(new Date(first.created_at).toISOString()).toBe(first.created_at);
    const second = await createCharacter(t.app, token, { name: 'Ева' });

    const list = await t.app.inject({ method: 'GET', url: '/api/characters/', headers: bearer(token) });
    expect(list.json<Character[]>().map((c) => c.name)).toEqual(['Ева', 'Алиса']);

    const got = await t.app.inject({
      method: 'GET',
      url: `/api/characters/${first.id}`,
      headers: bearer(token),
    });
    expect(got.json()).toEqual(first);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/characters/${second.id}`,
      headers: bearer(token),
      payload: { img_gen_model: 'lustify-sdxl', age: 30, temperament: 'calm' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      img_gen_model: 'lustify-sdxl',
      age: 30,
      temperament: 'calm',
      name: 'Ева',
    });

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/characters/${second.id}`,
      headers: bearer(token),
    });
    expect(del.json()).toEqual({ success: true });
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/characters/${second.id}`,
      headers: bearer(token),
    });
    expectError(gone, 404, 'not_found');
  });

  it('fills unset personality fields with the spec defaults', async () => {
    const { access_token: token } = await freeUser();
    const { personality, occupation, habit, language_style, mood, ...rest } = characterInput();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/characters/',
      headers: bearer(token),
      payload: rest,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      personality: 'wild',
      occupation: 'teacher',
      habit: 'kinky',
      language_style: 'vulgar',
      mood: 'playful',
    });
  });

  it('deleting a companion removes her chats and messages', async () => {
    const { access_token: token, user_id: userId } = await freeUser();
    const her = await createCharacter(t.app, token);
    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/chats/',
      headers: bearer(token),
      payload: { character_id: her.id, title: `Chat with ${her.name}` },
    });
    const chatId = chat.json<Chat>().id;
    await t.database.db.insert(messages).values({ chatId, userId, content: 'Привет', isUser: true });
    await t.app.inject({ method: 'DELETE', url: `/api/characters/${her.id}`, headers: bearer(token) });
    expect(await t.database.db.select().from(chats).where(eq(chats.id, chatId))).toEqual([]);
    expect(await t.database.db.select().from(messages).where(eq(messages.chatId, chatId))).toEqual([]);
  });

  it("deleting a companion removes her videos and her messages' spoken audio, and no one else's", async () => {
    const { access_token: token, user_id: userId } = await freeUser();
    const her = await createCharacter(t.app, token);
    const other = await createCharacter(t.app, token, { name: 'Вера' });
    const chatOf = async (characterId: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/chats/',
          headers: bearer(token),
          payload: { character_id: characterId },
        })
      ).json<Chat>().id;
    const [chatId, otherChatId] = [await chatOf(her.id), await chatOf(other.id)];
    const [hers] = await t.database.db
      .insert(messages)
      .values({
        chatId,
        userId,
        content: 'Держи',
        isUser: false,
        messageType: 'video',
        videoPath: 'her_a.mp4',
      })
      .returning();
    const [others] = await t.database.db
      .insert(messages)
      .values({ chatId: otherChatId, userId, content: 'Привет', isUser: false })
      .returning();
    const storage = t.app.providers.storage as StoragePort;
    const keys = [
      'vids/her_a.mp4',
      `audio/${hers?.id}.wav`,
      `audio/${hers?.id}.mp3`,
      `audio/${others?.id}.wav`,
    ];
    for (const key of keys) await storage.put(key, Buffer.from('x'), 'application/octet-stream');
    await t.app.inject({ method: 'DELETE', url: `/api/characters/${her.id}`, headers: bearer(token) });
    const left = await Promise.all(keys.map(async (key) => (await storage.get(key)) !== null));
    expect(left).toEqual([false, false, false, true]);
  });

  it("answers 404 for another user's companion and chat on every route", async () => {
    const owner = await freeUser('owner@mail.ru');
    const stranger = await freeUser('stranger@mail.ru');
    const her = await createCharacter(t.app, owner.access_token);
    const chat = (
      await t.app.inject({
        method: 'POST',
        url: '/api/chats/',
        headers: bearer(owner.access_token),
        payload: { character_id: her.id },
      })
    ).json<Chat>();
    const as = bearer(stranger.access_token);
    const calls = [
      { method: 'GET', url: `/api/characters/${her.id}` },
      { method: 'PUT', url: `/api/characters/${her.id}`, payload: { age: 30 } },
      { method: 'DELETE', url: `/api/characters/${her.id}` },
      { method: 'GET', url: `/api/chats/character/${her.id}` },
      { method: 'POST', url: '/api/chats/', payload: { character_id: her.id } },
      { method: 'POST', url: '/api/create_chat_directory', payload: { chat_id: chat.id } },
      { method: 'GET', url: '/api/characters/not-a-uuid' },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: as });
      expectError(res, 404, 'not_found');
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/characters/', headers: as });
    expect(list.json()).toEqual([]);
    const ownerView = await t.app.inject({
      method: 'GET',
      url: `/api/characters/${her.id}`,
      headers: bearer(owner.access_token),
    });
    expect(ownerView.json()).toMatchObject({ age: 23 });
  });

  it('needs a session', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/characters/' }), 401, 'unauthorized');
    expectError(await t.app.inject({ method: 'GET', url: '/api/chats/' }), 401, 'unauthorized');
  });

  it('answers 409 for a client id that already exists', async () => {
    const { access_token: token } = await freeUser();
    const her = await createCharacter(t.app, token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/characters/',
      headers: bearer(token),
      payload: characterInput({ id: her.id }),
    });
    expectError(res, 409, 'conflict', 'Подруга с таким идентификатором уже существует');
  });
});

describe('validation', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['no name', { name: '' }, 'Укажите имя подруги'],
    ['blank name', { name: '   ' }, 'Укажите имя подруги'],
    ['long name', { name: 'А'.repeat(31) }, 'Имя подруги должно быть не длиннее 30 символов'],
    ['age 17', { age: 17 }, 'Подруге должно быть не меньше 18 лет'],
    ['age 71', { age: 71 }, 'Подруге должно быть не больше 70 лет'],
    ['age text', { age: 'двадцать' }, 'Возраст должен быть числом от 18 до 70'],
    ['age 20.5', { age: 20.5 }, 'Возраст должен быть целым числом'],
    ['ethnicity', { ethnicity: 'martian' }, 'Выберите значение поля «Национальность» из списка'],
    ['hair colour', { hair_color: 'green' }, 'Выберите значение поля «Цвет волос» из списка'],
    ['body type', { body_type: 'thin' }, 'Выберите значение поля «Телосложение» из списка'],
    ['breast size', { breast_size: 'xl' }, 'Выберите значение поля «Размер груди» из списка'],
    ['butt', { butt: 'huge' }, 'Выберите значение поля «Форма попы» из списка'],
    ['skin shade', { skin_shade: 'blue' }, 'Выберите значение поля «Оттенок кожи» из списка'],
    ['hairstyle', { hairstyle: 'mohawk' }, 'Выберите значение поля «Прическа» из списка'],
    ['personality', { personality: 'evil' }, 'Выберите значение поля «Характер» из списка'],
    ['occupation', { occupation: 'pilot' }, 'Выберите значение поля «Профессия» из списка'],
    ['habit', { habit: 'none' }, 'Выберите значение поля «Сексуальные привычки» из списка'],
    ['language style', { language_style: 'latin' }, 'Выберите значение поля «Манера речи» из списка'],
    ['communication style', { communication_style: 101 }, 'Поле «Стиль общения» должно быть от 0 до 100'],
    ['sexuality', { sexuality: -1 }, 'Поле «Сексуальность» должно быть от 0 до 100'],
    ['sexuality text', { sexuality: 'a lot' }, 'Поле «Сексуальность» должно быть числом от 0 до 100'],
    ['mood', { mood: 'angry' }, 'Выберите значение поля «Преобладающее настроение» из списка'],
    ['temperament', { temperament: 'lazy' }, 'Выберите значение поля «Темперамент» из списка'],
    ['image model', { img_gen_model: 'dalle' }, 'Выберите значение поля «Модель изображений» из списка'],
    ['id', { id: '123' }, 'Некорректный идентификатор подруги'],
  ];

  it.each(cases)('refuses a bad %s with its Russian message', async (_, bad, message) => {
    const { access_token: token } = await guest(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/characters/',
      headers: bearer(token),
      payload: { ...characterInput(), ...bad },
    });
    expectError(res, 400, 'validation_failed', message);
  });

  it('validates PUT fields the same way', async () => {
    const { access_token: token } = await guest(t.app);
    const her = await createCharacter(t.app, token);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/characters/${her.id}`,
      headers: bearer(token),
      payload: { age: 16 },
    });
    expectError(res, 400, 'validation_failed', 'Подруге должно быть не меньше 18 лет');
  });

  it.each([
    ['Школьница', SAFETY_MESSAGES.minor],
    ['Lolita', SAFETY_MESSAGES.minor],
    ['teen Katya', SAFETY_MESSAGES.minor],
    ['Тейлор Свифт', SAFETY_MESSAGES.realPerson],
    ['Scarlett Johansson', SAFETY_MESSAGES.realPerson],
  ])('refuses the name %s for safety', async (name, detail) => {
    const { access_token: token } = await guest(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/characters/',
      headers: bearer(token),
      payload: characterInput({ name }),
    });
    expectError(res, 400, 'safety_refused', detail);
    const her = await createCharacter(t.app, token);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/characters/${her.id}`,
      headers: bearer(token),
      payload: { name },
    });
    expectError(put, 400, 'safety_refused', detail);
  });

  it('refuses a chat title that is not safe, and counts the refusals per user', async () => {
    const { access_token: token, user_id: userId } = await guest(t.app);
    await createCharacter(t.app, token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chats/',
      headers: bearer(token),
      payload: { title: 'голая школьница' },
    });
    expectError(res, 400, 'safety_refused');
    const rows = await t.database.db.select().from(safetyRefusals).where(eq(safetyRefusals.userId, userId));
    expect(rows.map((r) => [r.entry, r.reason, r.layer])).toEqual([
      ['character.description', 'minor', 'rules'],
    ]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/chats/',
      headers: bearer(token),
      payload: { title: 'Вечер с ней' },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('companion limits', () => {
  async function overLimit(token: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/characters/',
      headers: bearer(token),
      payload: characterInput(),
    });
    expect(res.statusCode).toBe(403);
    return companionLimitErrorSchema.strict().parse(res.json());
  }

  it('a guest may have 1', async () => {
    const { access_token: token } = await guest(t.app);
    await createCharacter(t.app, token);
    expect(await overLimit(token)).toEqual({
      detail: 'Гостевой аккаунт может создать только 1 подругу. Зарегистрируйтесь, чтобы создать больше.',
      code: 'companion_limit',
      paywall_context: 'guest_limit',
      current_count: 1,
      limit: 1,
    });
  });

  it('a free user may have 3, and so may an expired Plus', async () => {
    const { access_token: token, user_id: userId } = await freeUser();
    for (let i = 0; i < 3; i++) await createCharacter(t.app, token);
    expect(await overLimit(token)).toEqual({
      detail: 'Бесплатный аккаунт может создать до 3 подруг. Оформите Plus, чтобы создавать без ограничений.',
      code: 'companion_limit',
      paywall_context: 'free_limit',
      current_count: 3,
      limit: 3,
    });
    await setMembership(t.database, userId, 'plus', new Date('2020-01-01T00:00:00Z'));
    expect((await overLimit(token)).paywall_context).toBe('free_limit');
  });

  it('an active Plus member has no limit', async () => {
    const { access_token: token, user_id: userId } = await freeUser();
    await setMembership(t.database, userId, 'plus', new Date(Date.now() + 30 * 86_400_000));
    for (let i = 0; i < 5; i++) await createCharacter(t.app, token);
    const list = await t.app.inject({ method: 'GET', url: '/api/characters/', headers: bearer(token) });
    expect(list.json()).toHaveLength(5);
  });

  it('two concurrent creates at the limit: exactly one passes', async () => {
    const { access_token: token } = await guest(t.app);
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/characters/',
          headers: bearer(token),
          payload: characterInput({ id: randomUUID() }),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403, 403]);
  });
});

describe('chats', () => {
  it('creates with and without a companion, lists and lists by companion', async () => {
    const { access_token: token } = await freeUser();
    const none = await t.app.inject({ method: 'POST', url: '/api/chats/', headers: bearer(token) });
    expectError(none, 400, 'validation_failed', 'Сначала создайте подругу, чтобы начать чат');

    const alisa = await createCharacter(t.app, token, { name: 'Алиса' });
    const eva = await createCharacter(t.app, token, { name: 'Ева' });
    const named = await t.app.inject({
      method: 'POST',
      url: '/api/chats/',
      headers: bearer(token),
      payload: { character_id: alisa.id, title: 'Chat with Алиса' },
    });
    expect(chatSchema.strict().parse(named.json())).toMatchObject({
      character_id: alisa.id,
      title: 'Chat with Алиса',
    });

    const automatic = await t.app.inject({
      method: 'POST',
      url: '/api/chats/',
      headers: bearer(token),
      payload: {},
    });
    expect(automatic.json()).toMatchObject({ character_id: eva.id, title: 'New Chat' });

    const all = await t.app.inject({ method: 'GET', url: '/api/chats/', headers: bearer(token) });
    expect(all.json<Chat[]>().map((c) => c.title)).toEqual(['New Chat', 'Chat with Алиса']);
    const hers = await t.app.inject({
      method: 'GET',
      url: `/api/chats/character/${alisa.id}`,
      headers: bearer(token),
    });
    expect(hers.json<Chat[]>().map((c) => c.id)).toEqual([named.json<Chat>().id]);

    const folder = await t.app.inject({
      method: 'POST',
      url: '/api/create_chat_directory',
      headers: bearer(token),
      payload: { chat_id: named.json<Chat>().id },
    });
    expect(folder.json()).toEqual({ success: true, chat_id: named.json<Chat>().id });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/create_chat_directory',
      headers: bearer(token),
      payload: { chat_id: 'x' },
    });
    expectError(bad, 400, 'validation_failed', 'Некорректный идентификатор чата');
  });
});
