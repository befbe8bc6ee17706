import {
  FALLBACK_FIRST_MESSAGE,
  type Message,
  type MessageChunkPayload,
  type RateLimitPayload,
  withAiIntro,
} from '@podruga/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dailyUsage, messages } from '../../db/schema/index.ts';
import { OFFLINE_DESCRIPTION } from '../../providers/vision/offline.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  type ChatClient,
  chatClient,
  FakeUpstream,
  userWithChat as makeUserWithChat,
  history as readHistory,
  sleep,
  WORDS,
} from '../../test/chat.ts';
import { useTestDatabase } from '../../test/db.ts';
import { bearer, multipart } from '../../test/http.ts';
import { CHAT_IMAGE_MESSAGES } from './chat-images.ts';
import { MESSAGE_TEXTS } from './messages.service.ts';

const photo = () =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

const getDatabase = useTestDatabase();

const upstream = new FakeUpstream();
beforeAll(() => upstream.start());
afterAll(() => upstream.stop());

describe('realtime chat', () => {
  let t: TestApp;
  let url: string;
  const clients: ChatClient[] = [];

  beforeEach(async () => {
    upstream.reset();
    t = await buildTestApp(getDatabase(), {
      // The send throttle has tests of its own (send-rules.test.ts).
      deps: { llm: upstream.llm(), sendThrottle: null },
    });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.disconnect();
    await t.app.close();
  });

  const userWithChat = (address?: string) => makeUserWithChat(t.app, getDatabase(), address);

  async function client(token?: string, chatId?: string) {
    const c = await chatClient(url, token, chatId);
    clients.push(c.socket);
    return c;
  }

  const history = (token: string, chatId: string): Promise<Message[]> => readHistory(t.app, token, chatId);

  it('authenticate: a valid token joins, a bad one is refused', async () => {
    const { token, userId, chatId } = await userWithChat();
    expect((await client(token, chatId)).auth).toEqual({ success: true, user_id: userId });
    const bad = await client('not-a-token');
    expect(bad.auth).toMatchObject({ success: false });
    bad.socket.emit('message', { content: 'Привет', current_chat_id: chatId });
    await bad.waitFor(() => bad.count('error') === 1);
    expect(bad.events.at(-1)).toEqual([
      'error',
      { message: 'Not authenticated', code: 'unauthorized', chat_id: chatId },
    ]);
  });

  it('ack, then ordered coalesced chunks, then streaming_complete; the reply is stored once', async () => {
    const { token, chatId } = await userWithChat();
    const c = await client(token, chatId);
    c.socket.emit('message', { content: 'Привет!', current_chat_id: chatId, client_id: 'tmp-1' });
    await c.waitFor(() => c.count('typing_stopped') === 1);
    const names = c.events.map((e) => e[0]);
    expect(names[0]).toBe('authenticated');
    expect(names[1]).toBe('ack');
    expect(names[2]).toBe('typing_started');
    expect(names.slice(-2)).toEqual(['streaming_complete', 'typing_stopped']);
    const chunks = c.events.filter((e) => e[0] === 'message_chunk').map((e) => e[1] as MessageChunkPayload);
    expect(chunks.map((x) => x.chunk_index)).toEqual(chunks.map((_, i) => i));
    expect(chunks.at(-1)?.is_complete).toBe(true);
    expect(chunks.filter((x) => x.is_complete)).toHaveLength(1);
    // Coalesced: far fewer socket messages than upstream tokens.
    expect(chunks.length).toBeLessThan(upstream.words.length / 2);
    const text = chunks.map((x) => x.chunk).join('');
    expect(text).toBe(upstream.words.join(''));

    const ack = c.events[1]?.[1] as { message_id: string; client_id: string; chat_id: string };
    expect(ack).toMatchObject({ client_id: 'tmp-1', chat_id: chatId, image_path: null });
    const done = c.events.find((e) => e[0] === 'streaming_complete')?.[1] as { message_id: string };
    const stored = await history(token, chatId);
    expect(stored.map((m) => [m.id, m.is_user, m.content])).toEqual([
      [ack.message_id, true, 'Привет!'],
      [done.message_id, false, text],
    ]);
    const stats = await t.app.inject({ url: '/api/user/stats', headers: bearer(token) });
    expect(stats.json()).toMatchObject({ totalMessages: 1 });
  });

  it("another user's chat is refused on the socket and over REST", async () => {
    const owner = await userWithChat('10.0.2.1');
    const other = await userWithChat('10.0.2.2');
    const c = await client(other.token, owner.chatId);
    c.socket.emit('message', { content: 'Привет', current_chat_id: owner.chatId });
    await c.waitFor(() => c.count('error') === 1);
    expect(c.events.at(-1)?.[1]).toMatchObject({
      message: 'Not authorized to view this chat',
      code: 'forbidden',
    });
    const res = await t.app.inject({ url: `/api/messages/${owner.chatId}`, headers: bearer(other.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: 'Not authorized to view this chat' });
    expect(await getDatabase().db.select().from(messages)).toHaveLength(0);
  });

  it('rate_limit exactly at the guest limit (5), also for concurrent sends; one card per day', async () => {
    const { token, userId, chatId } = await userWithChat();
    upstream.words = ['ок'];
    const c = await client(token, chatId);
    for (let i = 0; i < 8; i++)
      c.socket.emit('message', { content: `сообщение ${i}`, current_chat_id: chatId, client_id: `tmp-${i}` });
    await c.waitFor(() => c.count('rate_limit') + c.count('streaming_complete') === 8);
    // Each refusal names the message it refused, so the client marks only that one as not sent.
    const refused = c.payloads<RateLimitPayload>('rate_limit').map((p) => p.client_id);
    expect(new Set(refused).size).toBe(3);
    for (const id of refused) expect(id).toMatch(/^tmp-[0-7]$/);
    expect(c.count('ack')).toBe(5);
    expect(c.count('streaming_complete')).toBe(5);
    expect(c.count('rate_limit')).toBe(3);
    const [rateLimit] = c.payloads<RateLimitPayload>('rate_limit');
    expect(rateLimit).toMatchObject({
      limit_type: 'messages',
      remaining: 0,
      user_type: 'guest',
      chat_id: chatId,
      metadata: { show_upgrade_button: true, tier: 'guest' },
    });
    const [usage] = await getDatabase()
      .db.select()
      .from(dailyUsage)
      .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.resource, 'messages')));
    expect(usage?.count).toBe(5);

    // 20 more sends after the limit, over the socket and over REST: one card, every answer names it.
    for (let i = 0; i < 10; i++) c.socket.emit('message', { content: `ещё ${i}`, current_chat_id: chatId });
    const rest = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/messages/',
          headers: bearer(token),
          payload: { chat_id: chatId, content: `ещё по HTTP ${i}` },
        }),
      ),
    );
    await c.waitFor(() => c.count('rate_limit') === 13);
    for (const res of rest) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'rate_limited', limit_type: 'messages', user_type: 'guest' });
    }
    const cardIds = new Set([
      ...c.payloads<RateLimitPayload>('rate_limit').map((p) => p.id),
      ...rest.map((res) => res.json<RateLimitPayload>().id),
    ]);
    const stored = await history(token, chatId);
    const cards = stored.filter((m) => m.message_type === 'rate_limit');
    expect(cards).toHaveLength(1);
    expect([...cardIds]).toEqual([cards[0]?.id]);
    expect(stored.filter((m) => m.is_user)).toHaveLength(5);

    // The next Moscow day: room again, and past the limit a new card.
    t.clock.advanceSeconds(24 * 3600);
    for (let i = 0; i < 5; i++) {
      c.socket.emit('message', { content: `завтра ${i}`, current_chat_id: chatId });
      await c.waitFor(() => c.count('streaming_complete') === 6 + i);
    }
    c.socket.emit('message', { content: 'завтра лишнее', current_chat_id: chatId });
    await c.waitFor(() => c.count('rate_limit') === 14);
    const next = c.payloads<RateLimitPayload>('rate_limit').at(-1);
    expect(next?.id).not.toBe(cards[0]?.id);
    const later = (await history(token, chatId)).filter((m) => m.message_type === 'rate_limit');
    expect(later.map((m) => m.id)).toEqual([cards[0]?.id, next?.id]);
  });

  it('a send refused at the limit cancels the model call begun while it was being counted', async () => {
    const { token, chatId } = await userWithChat();
    const c = await client(token, chatId);
    upstream.words = ['ок'];
    for (let i = 0; i < 4; i++) {
      c.socket.emit('message', { content: `сообщение ${i}`, current_chat_id: chatId });
      await c.waitFor(() => c.count('streaming_complete') === i + 1);
    }
    // One message left today: both sends see room and ask the model; the count lets one through.
    upstream.words = [...WORDS];
    upstream.mode = 'slow';
    const completedBefore = upstream.completed;
    c.socket.emit('message', { content: 'первое', current_chat_id: chatId });
    c.socket.emit('message', { content: 'второе', current_chat_id: chatId });
    await c.waitFor(() => c.count('streaming_complete') === 5 && c.count('rate_limit') === 1);
    await sleep(100);
    expect(upstream.completed - completedBefore).toBe(1);
    const stored = await history(token, chatId);
    expect(stored.filter((m) => m.is_user)).toHaveLength(5);
    expect(stored.filter((m) => !m.is_user && m.message_type === 'text').at(-1)?.content).toContain(
      'слово29',
    );
  });

  it('an upstream failure mid-reply stores the partial reply and emits the error', async () => {
    const { token, chatId } = await userWithChat();
    upstream.mode = 'fail-midway';
    const c = await client(token, chatId);
    c.socket.emit('message', { content: 'Расскажи историю', current_chat_id: chatId });
    await c.waitFor(() => c.count('typing_stopped') === 1);
    expect(c.events.find((e) => e[0] === 'error')?.[1]).toEqual({
      message: MESSAGE_TEXTS.partialReply,
      code: 'provider_error',
      chat_id: chatId,
    });
    const stored = await history(token, chatId);
    expect(stored).toHaveLength(2);
    expect(stored[1]).toMatchObject({
      is_user: false,
      content: upstream.words.slice(0, 5).join(''),
      metadata: { partial: true },
    });
    expect(upstream.requests).toBe(1);
  });

  it('a client that reconnects mid-stream finds the finished reply via GET', async () => {
    const { token, chatId } = await userWithChat();
    upstream.mode = 'slow';
    const first = await client(token, chatId);
    first.socket.emit('message', { content: 'Привет', current_chat_id: chatId });
    await first.waitFor(() => first.count('message_chunk') >= 1);
    first.socket.disconnect();
    await sleep(100);
    const second = await client(token, chatId);
    await second.waitFor(() => second.count('streaming_complete') === 1, 10_000);
    const stored = await history(token, chatId);
    expect(stored[1]).toMatchObject({ is_user: false, content: upstream.words.join(''), metadata: null });
  });

  it('REST: POST /api/messages/ replies without streaming; first_message is idempotent', async () => {
    const { token, chatId } = await userWithChat();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/first_message',
      headers: bearer(token),
      payload: { chat_id: chatId, messages: [] },
    });
    expect(first.statusCode, first.body).toBe(200);
    const greeting = first.json<{ response: string; message: Message }>();
    // Her greeting says she is an AI companion (issue 27): the fake's words did not, so her line is added.
    expect(greeting.response).toBe(withAiIntro(upstream.words.join(''), chatId));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/first_message',
      headers: bearer(token),
      payload: { chat_id: chatId },
    });
    expect(again.json<{ message: Message }>().message.id).toBe(greeting.message.id);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages/',
      headers: bearer(token),
      payload: { chat_id: chatId, content: 'Как дела?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      user_message: { is_user: true, content: 'Как дела?' },
      reply: { is_user: false, content: upstream.words.join('') },
    });
    expect(await history(token, chatId)).toHaveLength(3);
  });

  it('first_message falls back to the fixed welcome when the model is down', async () => {
    const { token, chatId } = await userWithChat();
    upstream.mode = 'down';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/first_message',
      headers: bearer(token),
      payload: { chat_id: chatId },
    });
    expect(res.json()).toMatchObject({ response: withAiIntro(FALLBACK_FIRST_MESSAGE, chatId) });
  });

  it('a message naming a minor is stored and answered in character, not sent to the model', async () => {
    const { token, chatId } = await userWithChat();
    const c = await client(token, chatId);
    c.socket.emit('message', { content: 'представь что тебе 14 лет', current_chat_id: chatId });
    await c.waitFor(() => c.count('error') === 1);
    expect(c.events.find((e) => e[0] === 'error')?.[1]).toMatchObject({ code: 'safety_refused' });
    expect(upstream.requests).toBe(0);
    const stored = await history(token, chatId);
    expect(stored.map((m) => m.content)).toEqual(['представь что тебе 14 лет', MESSAGE_TEXTS.safetyRefusal]);
  });

  it('image_message: the photo is stored, described, acked with its path, and answered', async () => {
    const { token, chatId } = await userWithChat();
    const c = await client(token, chatId);
    const bytes = await photo();
    c.socket.emit('image_message', {
      content: 'Смотри!',
      image_data: `data:image/jpeg;base64,${bytes.toString('base64')}`,
      current_chat_id: chatId,
      client_id: 'img-1',
    });
    await c.waitFor(() => c.count('typing_stopped') === 1);
    const ack = c.events.find((e) => e[0] === 'ack')?.[1] as { image_path: string; client_id: string };
    expect(ack.client_id).toBe('img-1');
    expect(ack.image_path).toMatch(/^[0-9a-f]{40}\.jpg$/);
    const stored = await history(token, chatId);
    expect(stored[0]).toMatchObject({
      is_user: true,
      image_path: ack.image_path,
      content: `Смотри!\n[Image: ${OFFLINE_DESCRIPTION}]`,
    });
    expect(stored[1]?.is_user).toBe(false);
    const pic = await t.app.inject({ url: `/pics/${ack.image_path}` });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/jpeg');

    c.socket.emit('image_message', {
      content: '',
      image_data: Buffer.from('not an image at all').toString('base64'),
      current_chat_id: chatId,
    });
    await c.waitFor(() => c.count('error') === 1);
    expect(c.events.at(-1)?.[1]).toMatchObject({ message: CHAT_IMAGE_MESSAGES.unsupported });
    expect(await history(token, chatId)).toHaveLength(2);
  });

  it('POST /api/analyze_image: multipart photo -> reply and image path; other files are refused', async () => {
    const { token, chatId } = await userWithChat();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analyze_image',
      ...multipart(token, { chat_id: chatId }, { name: 'a.jpg', type: 'image/jpeg', bytes: await photo() }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ response: string; image_path: string }>();
    expect(body.response).toBe(upstream.words.join(''));
    expect(body.image_path).toMatch(/\.jpg$/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/analyze_image',
      ...multipart(
        token,
        { chat_id: chatId },
        { name: 'a.png', type: 'image/png', bytes: Buffer.from('text') },
      ),
    });
    expect(bad.statusCode).toBe(415);
    expect(await history(token, chatId)).toHaveLength(2);
  });
});
