import { type Message, TYPING_TIMEOUT_MS } from '@podruga/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { splitImageDescription } from './messages.ts';
import { createChatStore } from './store.ts';
import { storedMessage } from './testing.ts';

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

  it('a full message with the stored id after the stream updates it instead of doubling it', () => {
    const { s } = setup();
    s().chunk({ chat_id: CHAT, chunk: 'Ответ', chunk_index: 0, is_complete: true });
    s().streamingComplete({ chat_id: CHAT, message_id: 'stored-1', created_at: new Date(T0).toISOString() });
    s().receive(serverMessage({ id: 'stored-1', content: 'Ответ' }));
    expect(s().messages).toHaveLength(1);
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

describe('chat store: rate limit', () => {
  it('adds the card and marks sending as not allowed', () => {
    const { s } = setup();
    s().addOptimistic('эй');
    s().rateLimit({
      id: 'rl-1',
      content: 'Лимит сообщений исчерпан',
      metadata: { show_upgrade_button: true, tier: 'guest', reset_hours: 3, reset_minutes: 15 },
      limit_type: 'messages',
      remaining: 0,
      reset_hours: 3,
      reset_minutes: 15,
      user_type: 'guest',
      chat_id: CHAT,
    });
    expect(s().sendingAllowed).toBe(false);
    expect(s().typing).toBe(false);
    expect(s().messages.at(-1)).toMatchObject({
      type: 'rate_limit',
      rateLimit: { tier: 'guest', reset_hours: 3 },
    });
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
