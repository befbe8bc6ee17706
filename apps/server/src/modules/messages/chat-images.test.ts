import { type Chat, type Message, SERVER_MESSAGES, SOCKET_PATH } from '@podruga/shared';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VisionPort, VisionRequest } from '../../providers/vision/port.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createCharacter } from '../../test/characters.ts';
import { useTestDatabase } from '../../test/db.ts';
import { bearer, expectError, guest, multipart } from '../../test/http.ts';
import { hugePng, photo } from '../../test/images.ts';
import { VISION_MAX_SIDE_PX } from './chat-images.ts';

const db = useTestDatabase();
let t: TestApp;
let token: string;
let chatId: string;
const seen: VisionRequest[] = [];
const sockets: Socket[] = [];

/** Records what the vision service is sent. */
const vision: VisionPort = {
  adapter: 'test',
  offline: true,
  describe: () => 'vision: test double',
  analyze: async (request) => {
    seen.push(request);
    return 'фото';
  },
};

beforeEach(async () => {
  seen.length = 0;
  t = await buildTestApp(db(), { deps: { vision } });
  token = (await guest(t.app)).access_token;
  const her = await createCharacter(t.app, token);
  const chat = await t.app.inject({
    method: 'POST',
    url: '/api/chats/',
    headers: bearer(token),
    payload: { character_id: her.id },
  });
  chatId = chat.json<Chat>().id;
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t.app.close();
});

const analyze = (bytes: Buffer, type = 'image/png') =>
  t.app.inject({
    method: 'POST',
    url: '/api/analyze_image',
    ...multipart(token, { chat_id: chatId }, { name: 'a.png', type, bytes }),
  });
const history = async () =>
  (await t.app.inject({ url: `/api/messages/${chatId}`, headers: bearer(token) })).json<Message[]>();

/** An authenticated socket; resolves with the first `error` or `ack` event after sending `payload`. */
async function sendOverSocket(payload: Record<string, unknown>): Promise<[string, unknown]> {
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const socket = connect(url, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await new Promise((resolve) => {
    socket.once('authenticated', resolve);
    socket.emit('authenticate', { token, chat_id: chatId });
  });
  return new Promise((resolve) => {
    socket.once('error', (body: unknown) => resolve(['error', body]));
    socket.once('ack', (body: unknown) => resolve(['ack', body]));
    socket.emit('image_message', { ...payload, current_chat_id: chatId });
  });
}

describe('chat photos: decoded size is capped, vision gets a small JPEG', () => {
  it('POST /api/analyze_image refuses a 16000×16000 PNG with a Russian 400; nothing stored or described', async () => {
    expectError(await analyze(await hugePng()), 400, 'validation_failed', SERVER_MESSAGES.imageDimensions);
    expect(await history()).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('socket image_message refuses it too', async () => {
    const bomb = await hugePng();
    const [event, body] = await sendOverSocket({ content: '', image_data: bomb.toString('base64') });
    expect(event).toBe('error');
    expect(body).toMatchObject({ message: SERVER_MESSAGES.imageDimensions, code: 'validation_failed' });
    expect(await history()).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('a 3000×2000 photo is stored whole, and the vision service gets it at most 1024 px, as JPEG', async () => {
    const big = await photo(3000, 2000, 'png');
    const res = await analyze(big);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.app.inject({ url: `/pics/${res.json<{ image_path: string }>().image_path}` });
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ width: 3000, height: 2000 });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.contentType).toBe('image/jpeg');
    expect(await sharp(seen[0]?.image).metadata()).toMatchObject({
      format: 'jpeg',
      width: VISION_MAX_SIDE_PX,
      height: Math.round((VISION_MAX_SIDE_PX * 2000) / 3000),
    });
  });

  it('over the socket as well; a small photo is not enlarged', async () => {
    const [event] = await sendOverSocket({
      content: 'Смотри',
      image_data: `data:image/jpeg;base64,${(await photo(640, 480)).toString('base64')}`,
    });
    expect(event).toBe('ack');
    await expect.poll(() => seen.length).toBe(1);
    expect(await sharp(seen[0]?.image).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
  });
});
