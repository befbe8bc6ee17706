import { randomBytes } from 'node:crypto';
import type { Message, MessageChunkPayload, ResumeAnswer } from '@podruga/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dailyUsage, messages } from '../../db/schema/index.ts';
import {
  type ChatClient,
  crashableDatabase,
  FakeUpstream,
  history,
  sleep,
  useChatApps,
  usedToday,
  userWithChat,
  WORDS,
  waitUntil,
} from '../../test/chat.ts';
import { useTestDatabase } from '../../test/db.ts';
import { bearer } from '../../test/http.ts';
import { TEST_REDIS_URL, useRedis } from '../../test/redis.ts';
import { MESSAGE_TEXTS } from './messages.service.ts';

/*
 * Replies that survive (issue 17): a reply goes on whatever happens to the client; a client that comes
 * back — on this instance or another — gets the text so far at once and the rest live; a reply cut
 * short is not charged and can be continued, on any instance.
 */

const getDatabase = useTestDatabase();
const usedTodayIn = (userId: string) => usedToday(getDatabase(), userId);
const redisUp = useRedis('the resumable replies across instances');
const upstream = new FakeUpstream();
beforeAll(() => upstream.start());
afterAll(() => upstream.stop());
beforeEach(() => upstream.reset());
const { start, connect } = useChatApps(upstream, { sendThrottle: null });

function resume(socket: ChatClient, chatId: string): Promise<ResumeAnswer> {
  return new Promise((resolve) => socket.emit('resume', { chat_id: chatId }, resolve));
}

async function replyRow(chatId: string) {
  const [row] = await getDatabase()
    .db.select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.isUser, false)));
  return row;
}

/** The text a resumed client shows: the snapshot, then the live chunks after it, by index. */
function resumedText(answer: ResumeAnswer, chunks: MessageChunkPayload[]): string {
  const [state] = answer.replies;
  if (!state) return '';
  const after = chunks.filter((c) => c.message_id === state.message_id && c.chunk_index > state.chunk_index);
  return state.content + after.map((c) => c.chunk).join('');
}

const stalledAt = (n: number) => WORDS.slice(0, n).join('');

describe('a reply the client left (one instance)', () => {
  it('goes on, and a client coming back gets the text so far at once and the rest live', async () => {
    const { url, t } = await start(getDatabase());
    const { token, userId, chatId } = await userWithChat(t.app, getDatabase());
    upstream.stallAfter = 5;
    const first = await connect(url, token, chatId);
    first.socket.emit('message', { content: 'Расскажи сказку', current_chat_id: chatId });
    await first.waitFor(() => first.text() === stalledAt(5));
    // Every chunk names her reply's row.
    const replyId = first.payloads<MessageChunkPayload>('message_chunk')[0]?.message_id;
    expect(replyId).toMatch(/^[0-9a-f-]{36}$/);
    first.socket.disconnect();
    await sleep(50);

    const second = await connect(url, token, chatId);
    const answer = await resume(second.socket, chatId);
    expect(answer).toEqual({
      ok: true,
      replies: [
        { message_id: replyId, chat_id: chatId, content: stalledAt(5), chunk_index: expect.any(Number) },
      ],
    });
    upstream.release();
    await second.waitFor(() => second.count('streaming_complete') === 1);
    const chunks = second.payloads<MessageChunkPayload>('message_chunk');
    expect(resumedText(answer, chunks)).toBe(WORDS.join(''));
    expect(await replyRow(chatId)).toMatchObject({
      id: replyId,
      content: WORDS.join(''),
      isStreaming: false,
    });
    expect(await usedTodayIn(userId)).toBe(1);
    // Nothing is live any more.
    expect(await resume(second.socket, chatId)).toEqual({ ok: true, replies: [] });
  });

  it('a second tab that opens mid-reply hears the rest of it live, with its start from resume', async () => {
    const { url, t } = await start(getDatabase());
    const { token, chatId } = await userWithChat(t.app, getDatabase());
    upstream.stallAfter = 4;
    const first = await connect(url, token, chatId);
    first.socket.emit('message', { content: 'Привет', current_chat_id: chatId });
    await first.waitFor(() => first.text() === stalledAt(4));
    const second = await connect(url, token, chatId);
    const answer = await resume(second.socket, chatId);
    upstream.release();
    await second.waitFor(() => second.count('streaming_complete') === 1);
    await first.waitFor(() => first.count('streaming_complete') === 1);
    expect(resumedText(answer, second.payloads<MessageChunkPayload>('message_chunk'))).toBe(WORDS.join(''));
    expect(first.text()).toBe(WORDS.join(''));
  });

  it('with nobody connected, the reply is stored whole', async () => {
    const { url, t } = await start(getDatabase());
    const { token, chatId } = await userWithChat(t.app, getDatabase());
    upstream.stallAfter = 2;
    const c = await connect(url, token, chatId);
    c.socket.emit('message', { content: 'Привет', current_chat_id: chatId });
    await c.waitFor(() => c.text() === stalledAt(2));
    c.socket.disconnect();
    // Long after the user left (the old 15 s abandon grace is gone): the model goes on.
    await sleep(200);
    upstream.release();
    await waitUntil(async () => (await replyRow(chatId))?.isStreaming === false);
    expect((await replyRow(chatId))?.content).toBe(WORDS.join(''));
  });

  it('resume refuses a chat that is not the user’s and a socket without a session', async () => {
    const { url, t } = await start(getDatabase());
    const mine = await userWithChat(t.app, getDatabase(), '10.0.2.7');
    const theirs = await userWithChat(t.app, getDatabase(), '10.0.2.8');
    const c = await connect(url, mine.token, mine.chatId);
    expect(await resume(c.socket, theirs.chatId)).toEqual({ ok: false, replies: [] });
    expect(await resume(c.socket, 'не-чат')).toEqual({ ok: false, replies: [] });
    const anonymous = await connect(url, '', mine.chatId);
    expect(await resume(anonymous.socket, mine.chatId)).toEqual({ ok: false, replies: [] });
  });
});

describe('a short drop', () => {
  /**
   * A chat mid-reply whose transport drops (not a disconnect the client asked for); the reply goes on
   * meanwhile and is stored whole; then the same client socket connects again.
   */
  async function dropMidReply(env: Record<string, string> = {}) {
    const { url, t } = await start(getDatabase(), {}, env);
    const { token, chatId } = await userWithChat(t.app, getDatabase());
    upstream.stallAfter = 3;
    const c = await connect(url, token, chatId);
    c.socket.emit('message', { content: 'Привет', current_chat_id: chatId });
    await c.waitFor(() => c.text() === stalledAt(3));
    c.socket.io.engine.close();
    await c.waitFor(() => !c.socket.connected);
    upstream.release();
    await waitUntil(async () => (await replyRow(chatId))?.isStreaming === false);
    c.socket.connect();
    await c.waitFor(() => c.socket.connected);
    return { t, c, token, chatId };
  }

  it('with Redis: comes back as the same socket with the chunks it missed (connection-state recovery)', async (ctx) => {
    if (!redisUp()) ctx.skip();
    const { c } = await dropMidReply({
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: `t-${randomBytes(4).toString('hex')}`,
    });
    expect(c.socket.recovered).toBe(true);
    await c.waitFor(() => c.count('streaming_complete') === 1);
    expect(c.text()).toBe(WORDS.join(''));
  });

  it('in memory: a new connection, whose resume finds the reply stored (nothing live)', async () => {
    const { t, c, token, chatId } = await dropMidReply();
    expect(c.socket.recovered).toBeFalsy();
    c.socket.emit('authenticate', { token, chat_id: chatId });
    await c.waitFor(() => c.count('authenticated') === 2);
    expect(await resume(c.socket, chatId)).toEqual({ ok: true, replies: [] });
    expect((await history(t.app, token, chatId)).at(-1)).toMatchObject({ content: WORDS.join('') });
  });
});

describe('continue', () => {
  async function cutShort() {
    const { url, t } = await start(getDatabase());
    const user = await userWithChat(t.app, getDatabase());
    upstream.mode = 'fail-midway';
    const c = await connect(url, user.token, user.chatId);
    c.socket.emit('message', { content: 'Расскажи сказку', current_chat_id: user.chatId });
    await c.waitFor(() => c.count('streaming_complete') === 1);
    const reply = await replyRow(user.chatId);
    expect(reply).toMatchObject({ content: stalledAt(5), metadata: { partial: true } });
    upstream.mode = 'ok';
    return { url, t, c, ...user, replyId: reply?.id as string };
  }

  it('a reply cut short is given back, then streams on from its text and is charged once', async () => {
    const { c, userId, chatId, replyId } = await cutShort();
    expect(await usedTodayIn(userId)).toBe(0);
    c.events.length = 0;
    c.socket.emit('continue_reply', { chat_id: chatId, message_id: replyId });
    await c.waitFor(() => c.count('streaming_complete') === 1 || c.count('error') > 0);
    expect(c.payloads('error')).toEqual([]);
    // Her reply streaming again with the text she had sent, then chunks numbered from 1.
    expect(c.payloads<Message>('message')[0]).toMatchObject({
      id: replyId,
      content: stalledAt(5),
      is_streaming: true,
      metadata: null,
    });
    const chunks = c.payloads<MessageChunkPayload>('message_chunk');
    expect(chunks[0]).toMatchObject({ message_id: replyId, chunk_index: 1 });
    expect(stalledAt(5) + chunks.map((x) => x.chunk).join('')).toBe(stalledAt(5) + WORDS.join(''));
    expect(await replyRow(chatId)).toMatchObject({
      id: replyId,
      content: stalledAt(5) + WORDS.join(''),
      isStreaming: false,
      metadata: null,
    });
    expect(await usedTodayIn(userId)).toBe(1);

    // Once whole, there is nothing to continue.
    c.events.length = 0;
    c.socket.emit('continue_reply', { chat_id: chatId, message_id: replyId });
    await c.waitFor(() => c.count('error') === 1);
    expect(c.payloads('error')[0]).toMatchObject({
      code: 'continue_gone',
      message: MESSAGE_TEXTS.continueGone,
    });
    expect(upstream.requests).toBe(2);
  });

  it('only the chat’s newest reply, only the user’s, and within the day’s allowance', async () => {
    const { t, c, token, userId, chatId, replyId } = await cutShort();
    // Another user's socket cannot continue it (their chat is not this one).
    const stranger = await userWithChat(t.app, getDatabase(), '10.0.2.9');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${replyId}/continue`,
      headers: bearer(stranger.token),
    });
    expect(res.statusCode).toBe(404);

    // Over the day's allowance: the limit's card, and the reply stays as it was.
    // (The cut reply's charge was given back: today's row is there, at 0.)
    await getDatabase().db.update(dailyUsage).set({ count: 1000 }).where(eq(dailyUsage.userId, userId));
    c.socket.emit('continue_reply', { chat_id: chatId, message_id: replyId });
    await c.waitFor(() => c.count('rate_limit') === 1);
    expect(await replyRow(chatId)).toMatchObject({ content: stalledAt(5), metadata: { partial: true } });

    // A newer message in the chat: the old reply is not continued.
    await getDatabase().db.delete(dailyUsage).where(eq(dailyUsage.userId, userId));
    const rest = await t.app.inject({
      method: 'POST',
      url: '/api/messages/',
      headers: bearer(token),
      payload: { chat_id: chatId, content: 'А дальше?' },
    });
    expect(rest.statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${replyId}/continue`,
      headers: bearer(token),
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toEqual({ detail: MESSAGE_TEXTS.continueGone, code: 'continue_gone' });
  });

  it('REST: POST /api/messages/{id}/continue answers her whole reply', async () => {
    const { t, token, chatId, replyId } = await cutShort();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${replyId}/continue`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      reply: { id: replyId, content: stalledAt(5) + WORDS.join(''), metadata: null },
    });
    expect((await history(t.app, token, chatId)).at(-1)).toMatchObject({ id: replyId, is_streaming: false });
  });
});

describe('across instances (Redis)', () => {
  const env = () => ({ REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `t-${randomBytes(4).toString('hex')}` });

  it('a client on instance B resumes the reply instance A is generating, live to its end', async (ctx) => {
    if (!redisUp()) ctx.skip();
    const shared = env();
    const a = await start(getDatabase(), {}, shared);
    const b = await start(getDatabase(), {}, shared);
    const { token, chatId } = await userWithChat(a.t.app, getDatabase());
    upstream.stallAfter = 4;
    const onA = await connect(a.url, token, chatId);
    onA.socket.emit('message', { content: 'Расскажи сказку', current_chat_id: chatId });
    await onA.waitFor(() => onA.text() === stalledAt(4));
    onA.socket.disconnect();

    const onB = await connect(b.url, token, chatId);
    const answer = await resume(onB.socket, chatId);
    expect(answer.replies).toEqual([expect.objectContaining({ content: stalledAt(4), chat_id: chatId })]);
    // The adapter's subscription may be a moment late on a busy machine: the stream is released once
    // B is surely listening (a resumed client drops what it already has, so an early chunk is harmless).
    await sleep(300);
    upstream.release();
    await onB.waitFor(() => onB.count('streaming_complete') === 1);
    expect(resumedText(answer, onB.payloads<MessageChunkPayload>('message_chunk'))).toBe(WORDS.join(''));
  });

  it('a dead instance’s reply is finished by a survivor with every word sent, given back, and continued there', async (ctx) => {
    if (!redisUp()) ctx.skip();
    const shared = env();
    // A beats once and then never again (a process killed with -9, as far as B can tell); its database
    // connection dies with it.
    const crashable = await crashableDatabase(getDatabase());
    const a = await start(crashable.database, { replies: { heartbeatMs: 3_600_000 } }, shared);
    const b = await start(getDatabase(), { replies: { heartbeatMs: 100, orphanAfterMs: 600 } }, shared);
    const { token, userId, chatId } = await userWithChat(b.t.app, getDatabase());
    upstream.stallAfter = 3;
    const onA = await connect(a.url, token, chatId);
    onA.socket.emit('message', { content: 'Расскажи сказку', current_chat_id: chatId });
    await onA.waitFor(() => onA.text() === stalledAt(3));
    crashable.crash();
    onA.socket.disconnect();

    const onB = await connect(b.url, token, chatId);
    await resume(onB.socket, chatId);
    // B's sweep finds A silent and finishes its reply with the stream's text (A's first checkpoint,
    // 3 s away, never came), and the chat's room hears it.
    await onB.waitFor(() => onB.payloads<Message>('message').some((m) => m.metadata?.interrupted === true));
    const row = await replyRow(chatId);
    expect(row).toMatchObject({ content: stalledAt(3), isStreaming: false, metadata: { interrupted: true } });
    expect(await usedTodayIn(userId)).toBe(0);

    onB.events.length = 0;
    upstream.stallAfter = null;
    onB.socket.emit('continue_reply', { chat_id: chatId, message_id: row?.id as string });
    await onB.waitFor(() => onB.count('streaming_complete') === 1);
    expect(await replyRow(chatId)).toMatchObject({ content: stalledAt(3) + WORDS.join(''), metadata: null });
    expect(await usedTodayIn(userId)).toBe(1);
    upstream.release();
  });
});
