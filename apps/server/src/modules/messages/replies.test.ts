import type { Message } from '@podruga/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import {
  crashableDatabase,
  FakeUpstream,
  history,
  useChatApps,
  usedToday,
  userWithChat,
  waitUntil,
} from '../../test/chat.ts';
import { useTestDatabase } from '../../test/db.ts';
import { MESSAGE_TEXTS } from './messages.service.ts';

const getDatabase = useTestDatabase();
const usedTodayIn = (userId: string) => usedToday(getDatabase(), userId);
const upstream = new FakeUpstream();
beforeAll(() => upstream.start());
afterAll(() => upstream.stop());

beforeEach(() => upstream.reset());
const { start: startOn, connect, close } = useChatApps(upstream, { sendThrottle: null });
const start = (database: Database, deps: AppDeps = {}) => startOn(database, deps);

async function replyRows(chatId: string) {
  return getDatabase()
    .db.select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.isUser, false)));
}

/** Time passes for a dead instance's rows: their last checkpoint becomes an hour old. */
async function ageCheckpoints(): Promise<void> {
  await getDatabase().db.execute(
    sql`update ${messages} set checkpoint_at = now() - interval '1 hour' where is_streaming`,
  );
}

describe('a crash mid-reply (in process)', () => {
  it('the text the user saw is kept as an interrupted reply; a live instance’s stream is left alone', async () => {
    upstream.stallAfter = 3;
    const crashable = await crashableDatabase(getDatabase());
    const first = await start(crashable.database, { replies: { checkpointMs: 50 }, drainMs: 0 });
    const { token, userId, chatId } = await userWithChat(first.t.app, getDatabase());
    const c = await connect(first.url, token, chatId);
    c.socket.emit('message', { content: 'Расскажи сказку', current_chat_id: chatId });
    const seen = upstream.words.slice(0, 3).join('');
    await c.waitFor(() => c.text() === seen);
    // A checkpoint has written what the user saw.
    await waitUntil(async () => (await replyRows(chatId))[0]?.content === seen);
    crashable.crash();

    const second = await start(getDatabase());
    // Still fresh: it may be a live instance's, so it is shown streaming and not touched.
    expect(await second.t.app.replies.recover()).toEqual({ interrupted: 0, removed: 0 });
    const during = await history(second.t.app, token, chatId);
    expect(during[1]).toMatchObject({ is_user: false, content: seen, is_streaming: true });

    await ageCheckpoints();
    const after = await history(second.t.app, token, chatId);
    expect(after.map((m) => [m.is_user, m.content, m.is_streaming])).toEqual([
      [true, 'Расскажи сказку', false],
      [false, seen, false],
    ]);
    expect(after[1]?.metadata).toEqual({ interrupted: true });
    // Cut short, it is not charged (issue 17): the message is given back; its "continue" is charged.
    expect(await usedTodayIn(userId)).toBe(0);
  });

  it('a reply that had sent nothing is removed and the message given back to the day', async () => {
    upstream.stallAfter = 0;
    const crashable = await crashableDatabase(getDatabase());
    const first = await start(crashable.database, { drainMs: 0 });
    const { token, userId, chatId } = await userWithChat(first.t.app, getDatabase());
    const before = await usedTodayIn(userId);
    const c = await connect(first.url, token, chatId);
    c.socket.emit('message', { content: 'Привет', current_chat_id: chatId });
    await c.waitFor(() => c.count('typing_started') === 1);
    expect(await replyRows(chatId)).toMatchObject([{ isStreaming: true, content: '' }]);
    expect(await usedTodayIn(userId)).toBe(before + 1);
    crashable.crash();

    const second = await start(getDatabase());
    await ageCheckpoints();
    expect(await second.t.app.replies.recover()).toEqual({ interrupted: 0, removed: 1 });
    const after = await history(second.t.app, token, chatId);
    expect(after.map((m) => [m.is_user, m.content])).toEqual([[true, 'Привет']]);
    expect(await usedTodayIn(userId)).toBe(before);
  });
});

describe('graceful shutdown', () => {
  it('replies in flight finish while new messages are refused; then the app closes', async () => {
    upstream.mode = 'slow';
    const { t, url } = await start(getDatabase());
    const { token, chatId } = await userWithChat(t.app, getDatabase());
    const c = await connect(url, token, chatId);
    c.socket.emit('message', { content: 'Первое', current_chat_id: chatId });
    await c.waitFor(() => c.count('message_chunk') >= 1);
    const closing = close(t);
    c.socket.emit('message', { content: 'Второе', current_chat_id: chatId });
    await c.waitFor(() => c.count('error') === 1);
    expect(c.payloads('error')[0]).toMatchObject({
      code: 'service_unavailable',
      message: MESSAGE_TEXTS.shuttingDown,
    });
    await closing;
    expect(c.count('streaming_complete')).toBe(1);
    const rows = await getDatabase().db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(rows.map((m) => m.content).sort()).toEqual([upstream.words.join(''), 'Первое'].sort());
    expect(rows.find((m) => !m.isUser)).toMatchObject({ isStreaming: false, metadata: null });
  });

  it('past the drain time a reply is stored as interrupted with the text sent, an empty one removed', async () => {
    upstream.stallAfter = 3;
    const { t, url } = await start(getDatabase(), { drainMs: 100 });
    const talker = await userWithChat(t.app, getDatabase(), '10.0.3.1');
    const a = await connect(url, talker.token, talker.chatId);
    a.socket.emit('message', { content: 'Говори', current_chat_id: talker.chatId });
    const seen = upstream.words.slice(0, 3).join('');
    await a.waitFor(() => a.text() === seen);
    await close(t);
    const [reply] = await replyRows(talker.chatId);
    expect(reply).toMatchObject({ content: seen, isStreaming: false, metadata: { interrupted: true } });
    // Cut short, it is not charged (issue 17).
    expect(await usedTodayIn(talker.userId)).toBe(0);

    upstream.release();
    upstream.stallAfter = 0;
    const next = await start(getDatabase(), { drainMs: 100 });
    const quiet = await userWithChat(next.t.app, getDatabase(), '10.0.3.2');
    const b = await connect(next.url, quiet.token, quiet.chatId);
    b.socket.emit('message', { content: 'Молчишь?', current_chat_id: quiet.chatId });
    await b.waitFor(() => b.count('typing_started') === 1);
    await close(next.t);
    expect(await replyRows(quiet.chatId)).toEqual([]);
    expect(await usedTodayIn(quiet.userId)).toBe(0);
  });
});

describe('history while a reply streams', () => {
  it('shows the reply as streaming with the text of its last checkpoint, then complete', async () => {
    upstream.stallAfter = 3;
    const { t, url } = await start(getDatabase(), { replies: { checkpointMs: 50 } });
    const { token, chatId } = await userWithChat(t.app, getDatabase());
    const c = await connect(url, token, chatId);
    c.socket.emit('message', { content: 'Как дела?', current_chat_id: chatId });
    const seen = upstream.words.slice(0, 3).join('');
    await c.waitFor(() => c.text() === seen);
    await waitUntil(async () => (await replyRows(chatId))[0]?.content === seen);
    const during: Message[] = await history(t.app, token, chatId);
    expect(during.map((m) => [m.content, m.is_streaming])).toEqual([
      ['Как дела?', false],
      [seen, true],
    ]);
    upstream.release();
    await c.waitFor(() => c.count('streaming_complete') === 1);
    const after = await history(t.app, token, chatId);
    expect(after[1]).toMatchObject({ content: upstream.words.join(''), is_streaming: false, metadata: null });
  });
});
