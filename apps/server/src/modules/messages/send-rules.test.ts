import { CONTROL_CHARS_MESSAGE } from '@podruga/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app.ts';
import { characters, messages, users } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/app.ts';
import { FakeUpstream, useChatApps, userWithChat } from '../../test/chat.ts';
import { useTestDatabase } from '../../test/db.ts';
import { bearer, multipart } from '../../test/http.ts';
import { freshAddress, TEST_REDIS_URL, useRedis } from '../../test/redis.ts';
import { SEND_THROTTLE } from '../limits/send-throttle.ts';
import { MESSAGE_TEXTS } from './messages.service.ts';

const getDatabase = useTestDatabase();
const upstream = new FakeUpstream();
beforeAll(() => upstream.start());
afterAll(() => upstream.stop());

const redisUp = useRedis('the shared send-throttle test');
beforeEach(() => {
  upstream.reset();
  upstream.words = ['ок'];
});
const chatApps = useChatApps(upstream);
const { connect } = chatApps;
const start = (deps: AppDeps = {}, env: Record<string, string> = {}) =>
  chatApps.start(getDatabase(), deps, env);

/** A VIP (300 messages a day): the daily limit stays out of the way of the throttle. */
async function vip(userId: string): Promise<void> {
  const future = new Date('2030-01-01T00:00:00Z');
  await getDatabase()
    .db.update(users)
    .set({ membershipType: 'plus', membershipExpiry: future, vipExpiry: future })
    .where(eq(users.id, userId));
}

const post = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/messages/', headers: bearer(token), payload: body });

async function userMessages(chatId: string) {
  const rows = await getDatabase().db.select().from(messages).where(eq(messages.chatId, chatId));
  return rows.filter((m) => m.isUser);
}

const photo = (color: string) =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

describe('the send throttle', () => {
  it('10 sends per 20 s per user, socket and HTTP together; the rest get 429 and are not stored', async () => {
    const { t, url } = await start();
    const { token, userId, chatId } = await userWithChat(t.app, getDatabase());
    await vip(userId);
    const c = await connect(url, token, chatId);
    const allowed = SEND_THROTTLE.points;
    for (let i = 0; i < allowed - 1; i++) {
      c.socket.emit('message', { content: `сокет ${i}`, current_chat_id: chatId });
      await c.waitFor(() => c.count('streaming_complete') === i + 1);
    }
    const rest = [];
    for (let i = 0; i < 4; i++) rest.push(await post(t, token, { chat_id: chatId, content: `http ${i}` }));
    expect(rest.map((r) => r.statusCode)).toEqual([200, 429, 429, 429]);
    // Not the daily limit (no card): its own code, so the client marks the message instead.
    expect(rest[1]?.json()).toEqual({ detail: MESSAGE_TEXTS.throttled, code: 'send_throttled' });
    c.socket.emit('message', { content: 'сокет ещё', current_chat_id: chatId, client_id: 'tmp-1' });
    await c.waitFor(() => c.count('error') === 1);
    expect(c.payloads('error')[0]).toEqual({
      message: MESSAGE_TEXTS.throttled,
      code: 'send_throttled',
      chat_id: chatId,
      client_id: 'tmp-1',
    });
    expect(await userMessages(chatId)).toHaveLength(allowed);
    const stored = await getDatabase().db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(stored.filter((m) => m.messageType === 'rate_limit')).toHaveLength(0);
  });

  it('60 sends by a guest store her 5 messages, their replies and one limit card', async () => {
    const { t } = await start();
    const { token, chatId } = await userWithChat(t.app, getDatabase());
    const answers = [];
    for (let i = 0; i < 60; i++)
      answers.push(await post(t, token, { chat_id: chatId, content: `спам ${i}` }));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const throttled = answers.filter((r) => r.json<{ detail?: string }>().detail === MESSAGE_TEXTS.throttled);
    expect(throttled).toHaveLength(60 - SEND_THROTTLE.points);
    const rows = await getDatabase().db.select().from(messages).where(eq(messages.chatId, chatId));
    // The daily limit refused what the throttle let through past five: one card for all of them.
    expect(rows.map((m) => m.messageType).sort()).toEqual([...Array(10).fill('text'), 'rate_limit'].sort());
  });

  it('is shared by every instance through Redis', async (context) => {
    if (!redisUp()) context.skip();
    const one = await start({}, { REDIS_URL: TEST_REDIS_URL });
    const two = await start({}, { REDIS_URL: TEST_REDIS_URL });
    const { token, userId, chatId } = await userWithChat(one.t.app, getDatabase(), freshAddress());
    await vip(userId);
    const codes = [];
    for (let i = 0; i < SEND_THROTTLE.points - 1; i++)
      codes.push((await post(one.t, token, { chat_id: chatId, content: `a${i}` })).statusCode);
    for (let i = 0; i < 2; i++)
      codes.push((await post(two.t, token, { chat_id: chatId, content: `b${i}` })).statusCode);
    expect(codes.slice(-3)).toEqual([200, 200, 429]);
    expect(codes.filter((code) => code === 200)).toHaveLength(SEND_THROTTLE.points);
  });

  it('a socket connection flooding events is cut off', async () => {
    const { t, url } = await start({
      sendThrottle: null,
      socketEventCap: { events: 5, windowMs: 60_000, disconnectAfter: 3 },
    });
    const { token, userId, chatId } = await userWithChat(t.app, getDatabase());
    await vip(userId);
    const c = await connect(url, token, chatId);
    // authenticate was the first event; four messages fit in the window and are answered.
    for (let i = 0; i < 4; i++) {
      c.socket.emit('message', { content: `сообщение ${i}`, current_chat_id: chatId });
      await c.waitFor(() => c.count('streaming_complete') === i + 1);
    }
    // The flood: dropped with one error, then the connection is cut.
    for (let i = 0; i < 30; i++) c.socket.emit('message', { content: `флуд ${i}`, current_chat_id: chatId });
    await c.waitFor(() => !c.socket.connected);
    expect(c.payloads('error')).toEqual([{ message: MESSAGE_TEXTS.throttled, code: 'send_throttled' }]);
    expect(c.count('ack')).toBe(4);
    expect((await userMessages(chatId)).map((m) => m.content).sort()).toEqual([
      'сообщение 0',
      'сообщение 1',
      'сообщение 2',
      'сообщение 3',
    ]);
  });
});

describe('image_path', () => {
  it('accepts only media this user stored: their photos and their companions’ portraits', async () => {
    const { t, url } = await start({ sendThrottle: null });
    const owner = await userWithChat(t.app, getDatabase(), '10.0.4.1');
    const other = await userWithChat(t.app, getDatabase(), '10.0.4.2');
    const upload = async (who: typeof owner, color: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/analyze_image',
        ...multipart(
          who.token,
          { chat_id: who.chatId },
          { name: 'a.jpg', type: 'image/jpeg', bytes: await photo(color) },
        ),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ image_path: string }>().image_path;
    };
    const mine = await upload(owner, '#3a7');
    const theirs = await upload(other, '#a37');
    await getDatabase()
      .db.update(characters)
      .set({ image: 'portrait-1.png' })
      .where(eq(characters.id, owner.characterId));
    const before = (await userMessages(owner.chatId)).length;

    const bad = [
      'https://evil.example/x.jpg',
      'javascript:alert(1)',
      '../../etc/passwd',
      '/pics/x.jpg',
      `${'0'.repeat(40)}.jpg`,
      theirs,
    ];
    for (const imagePath of bad) {
      const res = await post(t, owner.token, {
        chat_id: owner.chatId,
        content: 'смотри',
        image_path: imagePath,
      });
      expect(res.statusCode, imagePath).toBe(400);
      expect(res.json()).toEqual({ detail: MESSAGE_TEXTS.foreignImage, code: 'validation_failed' });
    }
    const c = await connect(url, owner.token, owner.chatId);
    c.socket.emit('message', { content: 'смотри', image_path: theirs, current_chat_id: owner.chatId });
    await c.waitFor(() => c.count('error') === 1);
    expect(c.payloads('error')[0]).toMatchObject({
      message: MESSAGE_TEXTS.foreignImage,
      code: 'validation_failed',
    });
    expect(await userMessages(owner.chatId)).toHaveLength(before);

    for (const imagePath of [mine, 'portrait-1.png']) {
      const res = await post(t, owner.token, {
        chat_id: owner.chatId,
        content: 'моё',
        image_path: imagePath,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ user_message: { image_path: imagePath } });
    }
  });
});

describe('control characters on the socket', () => {
  it('content or image_path with control characters: invalid_characters, nothing stored', async () => {
    const { t, url } = await start({ sendThrottle: null });
    const { token, chatId } = await userWithChat(t.app, getDatabase());
    const c = await connect(url, token, chatId);
    c.socket.emit('message', { content: 'при\u0000вет', current_chat_id: chatId });
    c.socket.emit('message', { content: 'bidi \u202e', current_chat_id: chatId });
    c.socket.emit('message', { content: 'фото', image_path: 'a\u0007.jpg', current_chat_id: chatId });
    await c.waitFor(() => c.count('error') === 3);
    for (const error of c.payloads('error')) {
      expect(error).toEqual({ message: CONTROL_CHARS_MESSAGE, code: 'invalid_characters', chat_id: chatId });
    }
    expect(await userMessages(chatId)).toHaveLength(0);
    // Tab and line breaks are text.
    c.socket.emit('message', { content: 'строка\n\tещё строка', current_chat_id: chatId });
    await c.waitFor(() => c.count('streaming_complete') === 1);
    expect((await userMessages(chatId)).map((m) => m.content)).toEqual(['строка\n\tещё строка']);
  });
});
