import { type Chat, SERVER_MESSAGES } from '@podruga/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { createCharacter } from '../../test/characters.ts';
import { useTestDatabase } from '../../test/db.ts';
import { expectError, guest, multipart } from '../../test/http.ts';
import { hugePng, photo } from '../../test/images.ts';

const db = useTestDatabase();
let app: FastifyInstance;
let token: string;
let chatId: string;

beforeEach(async () => {
  ({ app } = await buildTestApp(db()));
  token = (await guest(app)).access_token;
  const her = await createCharacter(app, token);
  const chat = await app.inject({
    method: 'POST',
    url: '/api/chats/',
    headers: { authorization: `Bearer ${token}` },
    payload: { character_id: her.id },
  });
  chatId = chat.json<Chat>().id;
});
afterEach(async () => {
  await app.close();
});

const upload = (url: string, bytes: Buffer, type = 'image/png') =>
  app.inject({
    method: 'POST',
    url,
    ...multipart(token, { chat_id: chatId }, { name: 'a.png', type, bytes }),
  });

describe('portrait uploads: decoded size is capped', () => {
  it.each(['/api/save_initial_image', '/api/save_avatar_image'])(
    '%s refuses a 16000×16000 PNG (a decompression bomb) with a Russian 400, before decoding it',
    async (url) => {
      const bomb = await hugePng();
      expect(bomb.length).toBeLessThan(1024 * 1024);
      expectError(await upload(url, bomb), 400, 'validation_failed', SERVER_MESSAGES.imageDimensions);
    },
  );

  it('refuses one side over 4096 px, accepts 4096 exactly', async () => {
    const wide = await sharp({ create: { width: 4097, height: 16, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expectError(await upload('/api/save_initial_image', wide), 400, 'validation_failed');
    const edge = await photo(4096, 512);
    const ok = await upload('/api/save_initial_image', edge, 'image/jpeg');
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
