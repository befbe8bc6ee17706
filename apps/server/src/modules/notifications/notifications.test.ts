import { randomUUID } from 'node:crypto';
import type { Notification, RecentNotificationsResponse } from '@podruga/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, useTestApp } from '../../test/app.ts';
import { createCharacter } from '../../test/characters.ts';
import { type ChatClient, chatClient, FakeUpstream, userWithChat } from '../../test/chat.ts';
import { useTestDatabase } from '../../test/db.ts';
import { bearer, expectError, guest, linkToken, register } from '../../test/http.ts';
import { LocalPushService } from '../../test/push-service.ts';
import { truncate } from './truncate.ts';

describe('the bell over REST', () => {
  const t = useTestApp();
  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
  const post = (url: string, token: string) => t.app.inject({ method: 'POST', url, headers: bearer(token) });
  const recent = async (token: string) => {
    const res = await get('/api/notifications/recent', token);
    expect(res.statusCode).toBe(200);
    return res.json<RecentNotificationsResponse>().notifications;
  };
  const unread = async (token: string) =>
    (await get('/api/notifications/unread-count', token)).json<{ count: number }>().count;

  it('a new user has none; every route needs a session', async () => {
    const { access_token: token } = await guest(t.app);
    expect(await unread(token)).toBe(0);
    expect(await recent(token)).toEqual([]);
    expectError(await t.app.inject({ url: '/api/notifications/unread-count' }), 401, 'unauthorized');
    expectError(await t.app.inject({ url: '/api/notifications/recent' }), 401, 'unauthorized');
  });

  it('creating a companion notifies her owner (character_created, her id), newest first', async () => {
    const { access_token: token } = await guest(t.app);
    await register(t.app, {}, token);
    const session = await register(t.app, { email: 'lena@mail.ru' });
    const first = await createCharacter(t.app, session.access_token, { name: 'Алиса' });
    t.clock.advanceSeconds(1);
    const second = await createCharacter(t.app, session.access_token, { name: 'Вика' });
    const list = await recent(session.access_token);
    expect(list.map((n) => [n.type, n.data.character_id])).toEqual([
      ['character_created', second.id],
      ['character_created', first.id],
    ]);
    expect(list[1]).toMatchObject({
      title: 'Алиса уже ждёт тебя',
      message: 'Подруга Алиса создана. Напиши ей первой — она будет рада!',
      read: false,
    });
    expect(Date.parse(list[0]?.created_at ?? '')).not.toBeNaN();
    expect(await unread(session.access_token)).toBe(2);
  });

  it("mark-read marks one; another user's id, an unknown id and a malformed one are 404", async () => {
    const owner = (await guest(t.app, '10.3.0.1')).access_token;
    const intruder = (await guest(t.app, '10.3.0.2')).access_token;
    await createCharacter(t.app, owner);
    const [notification] = await recent(owner);
    if (!notification) throw new Error('no notification');
    expectError(await post(`/api/notifications/${notification.id}/mark-read`, intruder), 404, 'not_found');
    expectError(await post(`/api/notifications/${randomUUID()}/mark-read`, owner), 404, 'not_found');
    expectError(await post('/api/notifications/not-a-uuid/mark-read', owner), 404, 'not_found');
    expect(await unread(owner)).toBe(1);
    const res = await post(`/api/notifications/${notification.id}/mark-read`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await unread(owner)).toBe(0);
    expect((await recent(owner))[0]?.read).toBe(true);
    // Again: still fine.
    expect((await post(`/api/notifications/${notification.id}/mark-read`, owner)).statusCode).toBe(200);
  });

  it('mark-all-read zeroes the count of the caller only', async () => {
    const a = (await guest(t.app, '10.3.1.1')).access_token;
    const b = (await guest(t.app, '10.3.1.2')).access_token;
    await createCharacter(t.app, a);
    await createCharacter(t.app, b);
    const res = await post('/api/notifications/mark-all-read', a);
    expect(res.statusCode).toBe(200);
    expect(await unread(a)).toBe(0);
    expect(await unread(b)).toBe(1);
  });

  it('verifying the e-mail notifies (email_verified)', async () => {
    const session = await register(t.app, { email: 'olga@mail.ru' });
    await t.app.mail.drain();
    const token = linkToken(t.mailer.sent.at(-1));
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode,
    ).toBe(200);
    const [n] = await recent(session.access_token);
    expect(n).toMatchObject({ type: 'email_verified', title: 'Почта подтверждена', data: {} });
  });
});

describe('live over the socket', () => {
  const getDatabase = useTestDatabase();
  const upstream = new FakeUpstream();
  let vapidKey = '';
  const pushService = new LocalPushService(() => vapidKey);
  beforeAll(async () => {
    await upstream.start();
    await pushService.start();
  });
  afterAll(async () => {
    await upstream.stop();
    await pushService.stop();
  });
  let t: TestApp;
  let url = '';
  const sockets: ChatClient[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    upstream.release();
    await t.app.close();
  });
  async function start() {
    upstream.reset();
    t = await buildTestApp(getDatabase(), {
      env: { PUSH_EXTRA_HOSTS: pushService.host },
      deps: { llm: upstream.llm(), sendThrottle: null },
    });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }
  async function connect(token: string, chatId?: string) {
    const c = await chatClient(url, token, chatId);
    sockets.push(c.socket);
    return c;
  }

  it('a notification reaches every socket of its user as `notification`, and no one else', async () => {
    await start();
    const owner = await guest(t.app, '10.4.0.1');
    const other = await guest(t.app, '10.4.0.2');
    const bell = await connect(owner.access_token);
    const stranger = await connect(other.access_token);
    const character = await createCharacter(t.app, owner.access_token, { name: 'Вика' });
    await bell.waitFor(() => bell.count('notification') === 1);
    const [event] = bell.payloads<Notification>('notification');
    expect(event).toMatchObject({
      type: 'character_created',
      title: 'Вика уже ждёт тебя',
      read: false,
      data: { character_id: character.id },
    });
    expect(stranger.count('notification')).toBe(0);
  });

  it('a reply that finishes after the sender left the chat becomes new_message; in the chat it does not', async () => {
    await start();
    const { token, chatId, characterId } = await userWithChat(t.app, getDatabase(), '10.4.1.1');
    const bell = await connect(token);

    // In the chat: her reply is seen there, no notification.
    const chat = await connect(token, chatId);
    chat.socket.emit('message', { content: 'Привет!', current_chat_id: chatId });
    await chat.waitFor(() => chat.count('streaming_complete') === 1);

    // Away: the chat's socket leaves while she is still writing; the bell's socket hears her reply.
    upstream.stallAfter = 3;
    const chunks = chat.count('message_chunk');
    chat.socket.emit('message', { content: 'Как дела?', current_chat_id: chatId });
    await chat.waitFor(() => chat.count('message_chunk') > chunks);
    chat.socket.disconnect();
    // Her reply goes on only once the server has seen the chat's socket leave (else it may finish first).
    await bell.waitFor(
      () => (t.app.realtime.io.of('/').adapter.rooms.get(`chat:${chatId}`)?.size ?? 0) === 0,
    );
    upstream.release();
    await bell.waitFor(() => bell.count('notification') === 1);
    const [event] = bell.payloads<Notification>('notification');
    expect(event).toMatchObject({
      type: 'new_message',
      title: 'Алиса ответила тебе',
      data: { character_id: characterId, chat_id: chatId },
    });
    expect(event?.message.length).toBeGreaterThan(0);
    expect(event?.message.length).toBeLessThanOrEqual(120);
    const res = await t.app.inject({ url: '/api/notifications/recent', headers: bearer(token) });
    const stored = res.json<RecentNotificationsResponse>().notifications;
    expect(stored.filter((n) => n.type === 'new_message')).toHaveLength(1);
  });

  it('a reply that finishes after her last socket left is pushed: her chat, high urgency', async () => {
    await start();
    vapidKey = (await t.app.inject({ url: '/api/push/vapid-key' })).json<{ public_key: string }>().public_key;
    const { token, chatId, characterId } = await userWithChat(t.app, getDatabase(), '10.4.2.1');
    const sub = pushService.subscription();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: bearer(token),
      payload: sub,
    });
    expect(res.statusCode, res.body).toBe(200);
    const chat = await connect(token, chatId);
    upstream.stallAfter = 3;
    chat.socket.emit('message', { content: 'Привет!', current_chat_id: chatId });
    await chat.waitFor(() => chat.count('message_chunk') > 0);
    chat.socket.disconnect();
    await chat.waitFor(
      () => (t.app.realtime.io.of('/').adapter.rooms.get(`chat:${chatId}`)?.size ?? 0) === 0,
    );
    const before = pushService.deliveries.length;
    upstream.release();
    // The reply goes on without the socket (issue 17); the push job runs; nothing else is waited for.
    await new Promise<void>((resolve, reject) => {
      const until = Date.now() + 5000;
      const check = () => {
        if (pushService.deliveries.length > before) return resolve();
        if (Date.now() > until) return reject(new Error('no push'));
        setTimeout(check, 20);
      };
      check();
    });
    const delivery = pushService.deliveries[before];
    expect(delivery?.payload).toMatchObject({
      type: 'new_message',
      title: 'Алиса ответила тебе',
      url: `/chat/${characterId}`,
      tag: `chat-${chatId}`,
    });
    expect(delivery?.urgency).toBe('high');
  });
});

describe('truncate', () => {
  it('keeps short text, cuts long text at a word with an ellipsis, on one line', () => {
    expect(truncate('  привет\nкак дела  ', 50)).toBe('привет как дела');
    expect(truncate('слово '.repeat(40), 30)).toMatch(/^(слово ){3,4}слово…$/);
  });
});
