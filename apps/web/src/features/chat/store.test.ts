import { type Message, type MessageLimits, type RateLimitPayload, TYPING_TIMEOUT_MS } from '@podruga/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { splitImageDescription } from './messages.ts';
import { type ChatState, createChatStore } from './store.ts';
import { herMediaMessage, storedMessage } from './testing.ts';
import type { UnsentMessage } from './unsent.ts';

const CHAT = '11111111-1111-4111-8111-111111111111';
const T0 = Date.parse('2026-11-22T12:00:00Z');

function serverMessage(over: Partial<Message> = {}): Message {
  return storedMessage({
    id: 'm1',
    chat_id: CHAT,
    content: 'Привет',
    created_at: new Date(T0).toISOString(),
    ...over,
  });
}

function setup() {
  let clock = T0;
  let n = 0;
  const store = createChatStore({
    now: () => clock,
    tempId: () => {
      n += 1;
      return `t${n}`;
    },
  });
  store.getState().reset(CHAT);
  return {
    store,
    s: () => store.getState(),
    advance: (ms: number) => {
      clock += ms;
      vi.advanceTimersByTime(ms);
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('chat store: sending', () => {
  it('replaces the optimistic message with the acknowledged one', () => {
    const { s } = setup();
    const id = s().addOptimistic('Как дела?');
    expect(s().messages).toMatchObject([{ id, sender: 'user', text: 'Как дела?', pending: true }]);
    s().ack({
      message_id: 'real-1',
      image_path: null,
      chat_id: CHAT,
      client_id: id,
      created_at: new Date(T0 + 10).toISOString(),
    });
    expect(s().messages).toHaveLength(1);
    expect(s().messages[0]).toMatchObject({ id: 'real-1', pending: false, text: 'Как дела?' });
  });

  it('without a client_id the ack goes to the latest pending user message', () => {
    const { s } = setup();
    s().addOptimistic('раз');
    const second = s().addOptimistic('два');
    s().ack({ message_id: 'real-2', image_path: null, chat_id: CHAT, created_at: '' });
    expect(s().messages.find((m) => m.text === 'два')?.id).toBe('real-2');
    expect(s().messages.find((m) => m.text === 'раз')?.pending).toBe(true);
    expect(second).not.toBe('real-2');
  });

  it('ignores events of another chat', () => {
    const { s } = setup();
    s().receive(serverMessage({ chat_id: 'other' }));
    s().chunk({ chat_id: 'other', chunk: 'x', chunk_index: 0, is_complete: false });
    expect(s().messages).toEqual([]);
  });
});

describe('chat store: streaming', () => {
  it('builds one message from chunks in chunk_index order, even out of order', () => {
    const { s } = setup();
    s().chunk({ chat_id: CHAT, chunk: 'При', chunk_index: 0, is_complete: false });
    s().chunk({ chat_id: CHAT, chunk: ' мир', chunk_index: 2, is_complete: false });
    expect(s().messages).toHaveLength(1);
    expect(s().messages[0]?.text).toBe('При мир');
    s().chunk({ chat_id: CHAT, chunk: 'вет,', chunk_index: 1, is_complete: true });
    expect(s().messages).toHaveLength(1);
    expect(s().messages[0]).toMatchObject({ sender: 'assistant', text: 'Привет, мир', streaming: true });
  });

  it('streaming_complete finalises the message with its stored id', () => {
    const { s } = setup();
    s().chunk({ chat_id: CHAT, chunk: 'Ответ', chunk_index: 0, is_complete: true });
    s().streamingComplete({ chat_id: CHAT, message_id: 'stored-1', created_at: new Date(T0).toISOString() });
    expect(s().messages).toEqual([
      expect.objectContaining({ id: 'stored-1', text: 'Ответ', streaming: false }),
    ]);
    // The next reply starts a new bubble.
    s().chunk({ chat_id: CHAT, chunk: 'Ещё', chunk_index: 0, is_complete: false });
    expect(s().messages).toHaveLength(2);
  });

  it('streaming_complete with content replaces what was streamed (her reply cut by the safety check)', () => {
    const { s } = setup();
    s().chunk({ chat_id: CHAT, chunk: 'Конечно, милый', chunk_index: 0, is_complete: false });
    s().streamingComplete({
      chat_id: CHAT,
      message_id: 'stored-1',
      created_at: new Date(T0).toISOString(),
      content: 'Давай не будем об этом.',
      refused: 'minor',
    });
    expect(s().messages).toEqual([
      expect.objectContaining({ id: 'stored-1', text: 'Давай не будем об этом.', streaming: false }),
    ]);
    // Cut before anything was streamed: her refusal stands alone.
    s().streamingComplete({
      chat_id: CHAT,
      message_id: 'stored-2',
      created_at: new Date(T0).toISOString(),
      content: 'Давай о другом.',
    });
    expect(s().messages.map((m) => [m.id, m.text, m.sender])).toEqual([
      ['stored-1', 'Давай не будем об этом.', 'assistant'],
      ['stored-2', 'Давай о другом.', 'assistant'],
    ]);
  });

  it('a full message with the stored id after the stream updates it instead of doubling it', () => {
    const { s } = setup();
    s().chunk({ chat_id: CHAT, chunk: 'Ответ', chunk_index: 0, is_complete: true });
    s().streamingComplete({ chat_id: CHAT, message_id: 'stored-1', created_at: new Date(T0).toISOString() });
    s().receive(serverMessage({ id: 'stored-1', content: 'Ответ' }));
    expect(s().messages).toHaveLength(1);
  });
});

describe('chat store: resuming a reply (issue 17)', () => {
  const chunk = (chunk_index: number, text: string, message_id = 'r1', is_complete = false) => ({
    chat_id: CHAT,
    message_id,
    chunk: text,
    chunk_index,
    is_complete,
  });

  it('a reload mid-reply: the text so far at once, earlier chunks dropped, later ones live', () => {
    const { s } = setup();
    // The history showed the reply streaming with its last checkpoint.
    s().reset(CHAT, [serverMessage({ id: 'r1', content: 'Жи', is_user: false, is_streaming: true })]);
    s().resuming();
    // Chunks heard before the snapshot wait for it.
    s().chunk(chunk(3, 'ла-'));
    expect(s().messages[0]?.text).toBe('Жи');
    expect(s().resumed([{ message_id: 'r1', chat_id: CHAT, content: 'Жила-', chunk_index: 3 }])).toBe(false);
    expect(s().messages).toHaveLength(1);
    expect(s().messages[0]).toMatchObject({ id: 'r1', text: 'Жила-', streaming: true });
    s().chunk(chunk(4, 'была'));
    s().chunk(chunk(2, 'ла'));
    expect(s().messages[0]?.text).toBe('Жила-была');
    s().chunk(chunk(5, '', 'r1', true));
    s().streamingComplete({ chat_id: CHAT, message_id: 'r1', created_at: new Date(T0).toISOString() });
    expect(s().messages).toEqual([
      expect.objectContaining({ id: 'r1', text: 'Жила-была', streaming: false }),
    ]);
  });

  it('a snapshot for a reply the page never saw adds it; a streaming one not live any more asks for the history', () => {
    const { s } = setup();
    s().reset(CHAT, [serverMessage({ id: 'old', content: 'Было', is_user: false, is_streaming: true })]);
    s().resuming();
    expect(s().resumed([{ message_id: 'r2', chat_id: CHAT, content: 'Новое', chunk_index: 0 }])).toBe(true);
    expect(s().messages.map((m) => [m.id, m.text, m.streaming])).toEqual([
      ['old', 'Было', true],
      ['r2', 'Новое', true],
    ]);
  });

  it('two replies at once (a message sent while she still answers): each its own bubble, each completed', () => {
    const { s } = setup();
    s().chunk(chunk(0, 'Раз ', 'a'));
    s().chunk(chunk(0, 'Два ', 'b'));
    s().chunk(chunk(1, 'два ', 'a'));
    s().streamingComplete({ chat_id: CHAT, message_id: 'b', created_at: new Date(T0).toISOString() });
    expect(s().messages.map((m) => [m.id, m.text, m.streaming])).toEqual([
      ['stream-t1', 'Раз два ', true],
      ['b', 'Два ', false],
    ]);
    s().streamingComplete({ chat_id: CHAT, message_id: 'a', created_at: new Date(T0).toISOString() });
    expect(s().messages.map((m) => [m.id, m.text, m.streaming])).toEqual([
      ['a', 'Раз два ', false],
      ['b', 'Два ', false],
    ]);
  });

  it('a dead instance’s reply, stored as interrupted, ends the stream where it was', () => {
    const { s } = setup();
    s().resuming();
    s().resumed([{ message_id: 'r1', chat_id: CHAT, content: 'Жила-', chunk_index: 1 }]);
    s().receive(
      serverMessage({ id: 'r1', content: 'Жила-', is_user: false, metadata: { interrupted: true } }),
    );
    expect(s().messages).toEqual([
      expect.objectContaining({ id: 'r1', text: 'Жила-', streaming: false, interrupted: true }),
    ]);
  });
});

describe('chat store: duplicates', () => {
  it('updates a known id instead of adding it again', () => {
    const { s } = setup();
    s().receive(serverMessage({ id: 'a', content: 'один' }));
    s().receive(serverMessage({ id: 'a', content: 'один (правка)' }));
    expect(s().messages).toEqual([expect.objectContaining({ id: 'a', text: 'один (правка)' })]);
  });

  it('skips equal text within 5 s and keeps it after', () => {
    const { s, advance } = setup();
    s().receive(serverMessage({ id: 'a', content: 'Привет' }));
    advance(4_000);
    s().receive(
      serverMessage({ id: 'b', content: 'Привет', created_at: new Date(T0 + 4_000).toISOString() }),
    );
    expect(s().messages).toHaveLength(1);
    advance(2_000);
    s().receive(
      serverMessage({ id: 'c', content: 'Привет', created_at: new Date(T0 + 6_000).toISOString() }),
    );
    expect(s().messages.map((m) => m.id)).toEqual(['a', 'c']);
  });

  it('a user message from the server only updates the image path', () => {
    const { s } = setup();
    s().addOptimistic('фото');
    s().ack({ message_id: 'u1', image_path: null, chat_id: CHAT, created_at: '' });
    s().receive(serverMessage({ id: 'u1', is_user: true, content: 'другое', image_path: 'x.png' }));
    s().receive(serverMessage({ id: 'u2', is_user: true, content: 'новое' }));
    expect(s().messages).toEqual([expect.objectContaining({ id: 'u1', text: 'фото', image: '/pics/x.png' })]);
  });
});

describe('chat store: voice call entries (000 §4)', () => {
  const call = (status: string, duration: number | null, over: Partial<Message> = {}) =>
    serverMessage({
      id: 'call1',
      message_type: 'voice_call',
      content: '',
      is_user: true,
      voice_call_status: status,
      voice_call_duration: duration,
      ...over,
    });

  it('adds the active entry, then updates it in place with the final one, whoever it belongs to', () => {
    const { s } = setup();
    s().receive(serverMessage({ id: 'a', content: 'Привет' }));
    s().receive(call('active', null));
    s().receive(serverMessage({ id: 'b', content: 'Пока' }));
    expect(s().messages.map((m) => [m.id, m.status])).toEqual([
      ['a', null],
      ['call1', 'active'],
      ['b', null],
    ]);
    s().receive(call('completed', 42));
    expect(s().messages.map((m) => [m.id, m.status, m.duration])).toEqual([
      ['a', null, null],
      ['call1', 'completed', 42],
      ['b', null, null],
    ]);
  });

  it('a late active copy does not take a finished call back, and the dots stay as they were', () => {
    const { s } = setup();
    s().addOptimistic('ты тут?');
    s().receive(call('limit_reached', 30));
    s().receive(call('active', null));
    expect(s().messages.find((m) => m.id === 'call1')).toEqual(
      expect.objectContaining({ status: 'limit_reached', duration: 30, type: 'voice_call' }),
    );
    expect(s().typing).toBe(true);
  });

  it('ignores another chat’s entry', () => {
    const { s } = setup();
    s().receive(call('active', null, { chat_id: 'other' }));
    expect(s().messages).toEqual([]);
  });
});

describe('chat store: typing indicator', () => {
  it('turns on after a send and off after 180 s', () => {
    const { s, advance } = setup();
    s().addOptimistic('эй');
    expect(s().typing).toBe(true);
    advance(TYPING_TIMEOUT_MS - 1);
    expect(s().typing).toBe(true);
    advance(1);
    expect(s().typing).toBe(false);
  });

  it('turns off on an assistant message, a chunk or typing_stopped', () => {
    const { s } = setup();
    s().addOptimistic('эй');
    s().receive(serverMessage({ id: 'r1', content: 'ответ' }));
    expect(s().typing).toBe(false);
    s().addOptimistic('ещё');
    s().chunk({ chat_id: CHAT, chunk: 'о', chunk_index: 0, is_complete: false });
    expect(s().typing).toBe(false);
    s().setTyping(true);
    s().setTyping(false);
    expect(s().typing).toBe(false);
    // The cleared timer does not fire later.
    s().setTyping(true);
    s().setTyping(false);
    vi.advanceTimersByTime(TYPING_TIMEOUT_MS);
    expect(s().typing).toBe(false);
  });

  it('stays on for a user message from the server', () => {
    const { s } = setup();
    s().addOptimistic('эй');
    s().receive(serverMessage({ id: 'u9', is_user: true }));
    expect(s().typing).toBe(true);
  });
});

function limitPayload(over: Partial<RateLimitPayload> = {}): RateLimitPayload {
  return {
    id: 'rl-1',
    content: 'Ты исчерпал дневной лимит сообщений. Лимит обновится через 3 ч 15 мин.',
    metadata: { show_upgrade_button: true, tier: 'guest', reset_hours: 3, reset_minutes: 15 },
    limit_type: 'messages',
    remaining: 0,
    reset_hours: 3,
    reset_minutes: 15,
    user_type: 'guest',
    chat_id: CHAT,
    ...over,
  };
}

const limits = (over: Partial<MessageLimits> = {}): MessageLimits => ({
  limit: 10,
  count: 5,
  remaining: 5,
  allowed: true,
  is_limited: true,
  reset_time: { hours: 3, minutes: 15 },
  user_type: 'free',
  ...over,
});

const shape = (s: () => ChatState) => s().messages.map((m) => [m.type, m.sender, m.text, !!m.failed]);

describe('chat store: a reply reloaded in its middle', () => {
  it('keeps the checkpointed bubble while the rest streams, and ends it as one message', () => {
    const { s } = setup();
    s().reset(CHAT, [
      serverMessage({ id: 'u1', is_user: true, content: 'Расскажи' }),
      serverMessage({ id: 'r1', content: 'Я родилась', is_streaming: true }),
    ]);
    s().chunk({ chat_id: CHAT, chunk: ' в Казани', chunk_index: 4, is_complete: false });
    expect(s().messages.map((m) => [m.id, m.text, m.streaming])).toEqual([
      ['u1', 'Расскажи', false],
      ['r1', 'Я родилась', true],
    ]);
    s().streamingComplete({ chat_id: CHAT, message_id: 'r1', created_at: new Date(T0).toISOString() });
    expect(s().messages.map((m) => [m.id, m.streaming])).toEqual([
      ['u1', false],
      ['r1', false],
    ]);
  });
});

describe('chat store: rate limit', () => {
  it('adds the card and marks sending as not allowed', () => {
    const { s } = setup();
    s().addOptimistic('эй');
    s().rateLimit(limitPayload());
    expect(s().sendingAllowed).toBe(false);
    expect(s().typing).toBe(false);
    expect(s().limit).toEqual({ tier: 'guest', room: false });
    expect(s().messages.at(-1)).toMatchObject({
      type: 'rate_limit',
      rateLimit: { tier: 'guest', reset_hours: 3 },
    });
  });

  it('keeps one card per limit window, under the last refused message, each of them marked not sent', () => {
    const { s, advance } = setup();
    s().addOptimistic('раз');
    s().rateLimit(limitPayload());
    advance(60_000);
    s().addOptimistic('два');
    s().rateLimit(limitPayload());
    advance(60_000);
    // Another id in the same window (a card built from an HTTP 429) replaces it as well.
    s().addOptimistic('три');
    s().rateLimit(limitPayload({ id: 'rate-limit-http' }));
    expect(shape(s)).toEqual([
      ['text', 'user', 'раз', true],
      ['text', 'user', 'два', true],
      ['text', 'user', 'три', true],
      ['rate_limit', 'assistant', expect.stringContaining('лимит'), false],
    ]);
    expect(s().messages.filter((m) => m.pending)).toEqual([]);
  });

  it('a refusal that names its message marks only that one; the others still wait for their ack', () => {
    const { s } = setup();
    const first = s().addOptimistic('раз');
    const second = s().addOptimistic('два');
    s().rateLimit(limitPayload({ client_id: second }));
    const waiting = s().messages.find((m) => m.id === first);
    expect(waiting?.pending).toBe(true);
    expect(waiting?.failed).toBeFalsy();
    expect(s().messages.find((m) => m.id === second)).toMatchObject({ pending: false, failed: true });
  });

  it('a card coming as a message (HTTP 429) is the same card and marks the refused message too', () => {
    const { s } = setup();
    s().addOptimistic('раз');
    s().rateLimit(limitPayload());
    s().addOptimistic('два');
    s().receive(
      serverMessage({
        id: 'rl-1',
        message_type: 'rate_limit',
        content: 'Ты исчерпал дневной лимит сообщений.',
        metadata: { show_upgrade_button: true, tier: 'guest', reset_hours: 3, reset_minutes: 10 },
      }),
    );
    expect(shape(s)).toEqual([
      ['text', 'user', 'раз', true],
      ['text', 'user', 'два', true],
      ['rate_limit', 'assistant', 'Ты исчерпал дневной лимит сообщений.', false],
    ]);
  });

  it('a reply of hers ends the window: the next limit gets a card of its own', () => {
    const { s } = setup();
    s().addOptimistic('раз');
    s().rateLimit(limitPayload());
    s().receive(serverMessage({ id: 'r1', content: 'Ответ' }));
    s().addOptimistic('два');
    s().rateLimit(limitPayload({ id: 'rl-2' }));
    expect(
      s()
        .messages.filter((m) => m.type === 'rate_limit')
        .map((m) => m.id),
    ).toEqual(['rl-1', 'rl-2']);
  });

  it('collapses the duplicate cards of a history stored a card per send', () => {
    const { s } = setup();
    const card = (id: string) =>
      serverMessage({
        id,
        message_type: 'rate_limit',
        content: 'Лимит',
        metadata: { show_upgrade_button: true, tier: 'guest', reset_hours: 1, reset_minutes: 0 },
      });
    s().reset(CHAT, [
      serverMessage({ id: 'a1', content: 'Привет' }),
      serverMessage({ id: 'u1', is_user: true, content: 'раз' }),
      card('c1'),
      serverMessage({ id: 'u2', is_user: true, content: 'два' }),
      card('c2'),
      card('c3'),
      serverMessage({ id: 'a2', content: 'Новый день' }),
      card('c4'),
      card('c5'),
    ]);
    expect(s().messages.map((m) => m.id)).toEqual(['a1', 'u1', 'u2', 'c3', 'a2', 'c5']);
  });

  it('cards follow the limit as it is now; an answer asked for before the latest card is ignored', () => {
    const { s } = setup();
    s().addOptimistic('раз');
    s().rateLimit(limitPayload());
    // Registered: the free tier leaves room.
    s().setLimits(limits(), s().limitSeq);
    expect(s().limit).toEqual({ tier: 'free', room: true });
    expect(s().sendingAllowed).toBe(true);

    const asked = s().limitSeq;
    s().addOptimistic('два');
    s().rateLimit(
      limitPayload({ id: 'rl-2', user_type: 'free', metadata: { ...limitPayload().metadata, tier: 'free' } }),
    );
    s().setLimits(limits(), asked);
    expect(s().limit).toEqual({ tier: 'free', room: false });

    s().setLimits(limits({ remaining: 0, allowed: false, user_type: 'verified' }), s().limitSeq);
    expect(s().limit).toEqual({ tier: 'verified', room: false });
    s().setLimits(limits({ limit: 'unlimited', remaining: 0, user_type: 'plus' }), s().limitSeq);
    expect(s().limit).toEqual({ tier: 'plus', room: true });
  });

  it('gives back the text of a message that was not sent, to send it again', () => {
    const { s } = setup();
    const id = s().addOptimistic('не пропадай');
    s().rateLimit(limitPayload());
    expect(s().retry(id)).toBe('не пропадай');
    expect(s().messages.some((m) => m.id === id)).toBe(false);
    expect(s().retry(id)).toBeNull();
    // A photo cannot be sent again from here (its file is gone), nor a delivered message.
    const photo = s().addOptimistic('', 'blob:photo');
    s().rateLimit(limitPayload());
    expect(s().retry(photo)).toBeNull();
  });

  it('keeps messages that were not sent across a reload, until they are sent again', () => {
    const saved = new Map<string, UnsentMessage[]>();
    const unsent = {
      load: (chatId: string) => saved.get(chatId) ?? [],
      save: (chatId: string, list: readonly UnsentMessage[]) => void saved.set(chatId, [...list]),
    };
    let n = 0;
    const first = createChatStore({ now: () => T0 + 1000, tempId: () => `t${++n}`, unsent });
    first.getState().reset(CHAT, [serverMessage({ id: 'a1', content: 'Привет' })]);
    const id = first.getState().addOptimistic('до завтра');
    first.getState().rateLimit(limitPayload());
    expect(saved.get(CHAT)).toEqual([{ id, text: 'до завтра', timestamp: T0 + 1000 }]);

    // A reload: the history comes from the server, the unsent message from the device, in time order.
    const again = createChatStore({ now: () => T0 + 5000, unsent });
    again
      .getState()
      .reset(CHAT, [
        serverMessage({ id: 'a1', content: 'Привет' }),
        serverMessage({ id: 'a2', content: 'Позже', created_at: new Date(T0 + 2000).toISOString() }),
      ]);
    expect(shape(() => again.getState())).toEqual([
      ['text', 'assistant', 'Привет', false],
      ['text', 'user', 'до завтра', true],
      ['text', 'assistant', 'Позже', false],
    ]);
    expect(again.getState().retry(id)).toBe('до завтра');
    expect(saved.get(CHAT)).toEqual([]);
  });
});

describe('image descriptions', () => {
  it('strips [Image: …] from the text and keeps it as the description', () => {
    expect(splitImageDescription('Смотри [Image: кот на диване] какой')).toEqual({
      text: 'Смотри  какой',
      description: 'кот на диване',
    });
    expect(splitImageDescription('просто текст')).toEqual({ text: 'просто текст', description: null });
  });
});

describe('chat store: her photos and videos (issue 14)', () => {
  const at = (ms: number) => new Date(T0 + ms).toISOString();
  const photo = (status: 'pending' | 'ready' | 'failed', startedAt = at(0), over: Partial<Message> = {}) =>
    herMediaMessage('photo', status, { chat_id: CHAT, created_at: at(0), startedAt, ...over });

  it('her placeholder becomes the photo in place, the messages after it staying where they were', () => {
    const { s } = setup();
    const asked = s().addOptimistic('Пришли фото на пляже');
    expect(s().typing).toBe(true);
    s().receive(photo('pending', at(0), { content: 'Сейчас сделаю!' }));
    // Her answer has come: no dots while the photo is made.
    expect(s().typing).toBe(false);
    expect(s().messages.at(-1)).toMatchObject({
      id: 'her-1',
      text: 'Сейчас сделаю!',
      image: null,
      media: {
        kind: 'photo',
        status: 'pending',
        request: 'пришли фото на пляже',
        startedAt: T0,
        expectedMs: 20_000,
      },
    });
    s().addOptimistic('Жду!');
    s().receive(photo('ready', at(0), { content: 'Сейчас сделаю!' }));
    expect(s().messages.map((m) => m.id)).toEqual([asked, 'her-1', 't2']);
    expect(s().messages[1]).toMatchObject({ image: '/pics/her-1.png', media: { status: 'ready' } });
    // The photo finishing is no answer to «Жду!»: those dots stay.
    expect(s().typing).toBe(true);
  });

  it('a failure keeps the request and says why; a retry starts the attempt over', () => {
    const { s } = setup();
    s().receive(photo('failed'));
    expect(s().messages[0]?.media).toMatchObject({
      status: 'failed',
      error: 'Сервис генерации изображений перегружен. Попробуйте позже',
      request: 'пришли фото на пляже',
    });
    s().receive(photo('pending', at(60_000)));
    expect(s().messages).toHaveLength(1);
    expect(s().messages[0]?.media).toMatchObject({ status: 'pending', error: null, startedAt: T0 + 60_000 });
  });

  it('a pending answer that comes after the photo it announced does not take it back', () => {
    const { s } = setup();
    s().receive(photo('failed'));
    // The retry's HTTP answer is slower than the socket's photo.
    s().receive(photo('ready', at(60_000)));
    s().receive(photo('pending', at(60_000)));
    expect(s().messages[0]).toMatchObject({ image: '/pics/her-1.png', media: { status: 'ready' } });
  });

  it('two photos with the same words are two photos', () => {
    const { s } = setup();
    s().receive(photo('ready', at(0), { id: 'p1', content: 'Держи!' }));
    s().receive(photo('ready', at(0), { id: 'p2', content: 'Держи!' }));
    expect(s().messages.map((m) => m.id)).toEqual(['p1', 'p2']);
  });

  it('video_ready gives her video its URL and makes it ready; another chat’s is ignored', () => {
    const { s } = setup();
    s().receive(herMediaMessage('video', 'pending', { chat_id: CHAT, id: 'v1' }));
    expect(s().messages[0]).toMatchObject({ type: 'video', video: null, media: { status: 'pending' } });
    s().videoReady({ chat_id: 'other', message_id: 'v1', video_url: '/vids/x.mp4' });
    expect(s().messages[0]?.video).toBeNull();
    s().videoReady({ chat_id: CHAT, message_id: 'v1', video_url: 'https://media.example/vids/v1.mp4' });
    expect(s().messages[0]).toMatchObject({
      type: 'video',
      video: 'https://media.example/vids/v1.mp4',
      status: 'ready',
      media: { status: 'ready' },
    });
    // Its full message afterwards changes nothing of it.
    s().receive(herMediaMessage('video', 'ready', { chat_id: CHAT, id: 'v1' }));
    expect(s().messages[0]).toMatchObject({ video: '/vids/v1.mp4', media: { status: 'ready' } });
  });

  it('a photo over the day’s allowance: its own card, sending text still allowed, only the named request marked', () => {
    const { s } = setup();
    const request = s().addOptimistic('Пришли фото');
    const other = s().addOptimistic('И ещё привет');
    s().rateLimit(
      limitPayload({
        id: 'rl-photo',
        content: 'Фото на сегодня закончились. Лимит обновится через 3 ч 15 мин.',
        metadata: {
          show_upgrade_button: true,
          tier: 'free',
          reset_hours: 3,
          reset_minutes: 15,
          limit_type: 'photos',
        },
        limit_type: 'photos',
        client_id: request,
      }),
    );
    expect(s().sendingAllowed).toBe(true);
    expect(s().limit).toBeNull();
    expect(s().messages.find((m) => m.id === request)?.failed).toBe(true);
    expect(s().messages.find((m) => m.id === other)?.pending).toBe(true);
    expect(s().messages.at(-1)?.rateLimit?.limit_type).toBe('photos');
    // The day's messages run out too: that card is another one.
    s().rateLimit(limitPayload());
    expect(
      s()
        .messages.filter((m) => m.type === 'rate_limit')
        .map((m) => m.rateLimit?.limit_type),
    ).toEqual(['photos', 'messages']);
    expect(s().sendingAllowed).toBe(false);
  });

  it('a photo card from the history keeps its allowance (metadata.limit_type)', () => {
    const { s } = setup();
    s().reset(CHAT, [
      serverMessage({
        id: 'card',
        message_type: 'rate_limit',
        content: 'Фото на сегодня закончились.',
        metadata: {
          show_upgrade_button: true,
          tier: 'guest',
          reset_hours: 1,
          reset_minutes: 0,
          limit_type: 'photos',
        },
      }),
    ]);
    expect(s().messages[0]?.rateLimit).toMatchObject({ limit_type: 'photos', tier: 'guest' });
  });

  it('a reconnect shows her photo finished meanwhile, where its placeholder was', () => {
    const { s } = setup();
    const asked = serverMessage({ id: 'u1', is_user: true, content: 'Пришли фото' });
    s().reset(CHAT, [asked, photo('pending')]);
    s().resync(
      [asked, photo('ready'), serverMessage({ id: 'r2', content: 'Нравится?', created_at: at(1000) })],
      T0,
    );
    expect(s().messages.map((m) => [m.id, m.media?.status ?? null, m.image])).toEqual([
      ['u1', null, null],
      ['her-1', 'ready', '/pics/her-1.png'],
      ['r2', null, null],
    ]);
  });

  it('a history fetched before the page heard the photo finish does not take it back', () => {
    const { s } = setup();
    s().reset(CHAT, [photo('pending')]);
    s().receive(photo('ready'));
    s().resync([photo('pending')], T0);
    expect(s().messages[0]).toMatchObject({ image: '/pics/her-1.png', media: { status: 'ready' } });
  });
});
