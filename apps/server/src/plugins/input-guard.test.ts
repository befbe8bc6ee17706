import { type Chat, CONTROL_CHARS_MESSAGE } from '@podruga/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { characterInput, createCharacter } from '../test/characters.ts';
import { useTestDatabase } from '../test/db.ts';
import { bearer, expectError, form, guest, multipart } from '../test/http.ts';

const db = useTestDatabase();
let app: FastifyInstance;
let token: string;
let chat: Chat;

beforeEach(async () => {
  ({ app } = await buildTestApp(db()));
  token = (await guest(app)).access_token;
  const her = await createCharacter(app, token);
  chat = (
    await app.inject({
      method: 'POST',
      url: '/api/chats/',
      headers: bearer(token),
      payload: { character_id: her.id },
    })
  ).json<Chat>();
});
afterEach(async () => {
  await app.close();
});

const invalid = (res: { statusCode: number; json<T>(): T }) =>
  expectError(res, 400, 'invalid_characters', CONTROL_CHARS_MESSAGE);

describe('control characters → 400 invalid_characters, never a 500', () => {
  it('in a message, its image_path, a companion name and a chat title (JSON bodies)', async () => {
    const h = bearer(token);
    const post = (url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') =>
      app.inject({ method, url, headers: h, payload: payload as Record<string, unknown> });
    invalid(await post('/api/messages/', { chat_id: chat.id, content: 'привет\u0000' }));
    invalid(await post('/api/messages/', { chat_id: chat.id, content: 'привет', image_path: 'a\u0000b' }));
    invalid(await post('/api/characters/', characterInput({ name: 'Али\u0000са' })));
    invalid(
      await post(`/api/characters/${chat.character_id}`, characterInput({ name: 'Ал\u001bиса' }), 'PUT'),
    );
    invalid(await post('/api/inflection/inflect_name', { name: 'Анна\u0000' }));
    invalid(await post('/api/chats/', { character_id: chat.character_id, title: 'a\u0007' }));
    // Keys count too, and nesting does not hide a value.
    invalid(await post('/api/first_message', { chat_id: chat.id, messages: [{ 'x\u0000': 1 }] }));
    invalid(await post('/api/first_message', { chat_id: chat.id, messages: [[['\u0000']]] }));
  });

  it('in forms, query strings and path parameters, signed in or not', async () => {
    const register = form({
      name: 'Анна\u0000',
      email: 'anna@mail.ru',
      password: 'secret123',
      consent: 'true',
    });
    invalid(await app.inject({ method: 'POST', url: '/api/auth/register', ...register }));
    const login = form({ username: 'anna\u0000@mail.ru', password: 'secret123' });
    invalid(await app.inject({ method: 'POST', url: '/api/auth/token', ...login }));
    invalid(await app.inject({ method: 'GET', url: '/api/characters/?q=%00', headers: bearer(token) }));
    invalid(await app.inject({ method: 'GET', url: '/api/messages/%00', headers: bearer(token) }));
    invalid(await app.inject({ method: 'GET', url: '/pics/%00.png' }));
    invalid(await app.inject({ method: 'GET', url: '/api/config?x=%E2%80%AE' }));
  });

  it('in multipart text fields', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const file = { name: 'a.png', type: 'image/png', bytes: png };
    for (const url of ['/api/save_initial_image', '/api/analyze_image']) {
      const res = await app.inject({
        method: 'POST',
        url,
        ...multipart(token, { chat_id: `${chat.id}\u0000` }, file),
      });
      invalid(res);
    }
  });

  it('one-line fields refuse line breaks that free text keeps', async () => {
    const h = bearer(token);
    invalid(
      await app.inject({
        method: 'POST',
        url: '/api/characters/',
        headers: h,
        payload: characterInput({ name: 'Али\nса' }),
      }),
    );
    invalid(
      await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Анна', email: 'anna@mail.ru\r\nBcc: x@y.ru', password: 'secret123', consent: true },
      }),
    );
    const multiLine = await app.inject({
      method: 'POST',
      url: '/api/messages/',
      headers: h,
      payload: { chat_id: chat.id, content: 'первая строка\nвторая\tс табом' },
    });
    expect(multiLine.statusCode, multiLine.body).toBe(200);
  });
});
