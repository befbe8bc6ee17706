import type { Message } from '@podruga/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChatStore, createChatStore } from './store.ts';
import { storedMessage } from './testing.ts';

const CHAT = '11111111-1111-4111-8111-111111111111';
const T0 = Date.parse('2026-11-22T12:00:00Z');

/** A stored message `seconds` after T0. */
function stored(id: string, content: string, seconds: number, over: Partial<Message> = {}): Message {
  return storedMessage({
    id,
    chat_id: CHAT,
    content,
    created_at: new Date(T0 + seconds * 1000).toISOString(),
    ...over,
  });
}
const user = (id: string, content: string, seconds: number) =>
  stored(id, content, seconds, { is_user: true });

/** The stores of a test: their typing timers are cleared after it. */
const open: ChatStore[] = [];
afterEach(() => {
  for (const store of open.splice(0)) store.getState().dispose();
});

/** A chat whose page clock starts at T0 + `seconds`; `at` moves it. */
function chat(seconds = 0) {
  let clock = T0 + seconds * 1000;
  let n = 0;
  const store = createChatStore({ now: () => clock, tempId: () => `t${++n}` });
  open.push(store);
  const s = () => store.getState();
  const shown = () => s().messages.map((m) => [m.id, m.text, m.pending || m.failed ? 'pending/failed' : '']);
  return {
    s,
    shown,
    at: (sec: number) => {
      clock = T0 + sec * 1000;
    },
  };
}

describe('after a reconnect, the chat merges what it missed', () => {
  it('a reply finished while the socket was down appears', () => {
    const c = chat();
    c.s().reset(CHAT, [stored('g', 'Привет!', 0), user('u1', 'Как дела?', 10)]);
    c.s().setTyping(true);
    c.s().resync(
      [stored('g', 'Привет!', 0), user('u1', 'Как дела?', 10), stored('r1', 'Хорошо!', 12)],
      T0 + 11_000,
    );
    expect(c.shown()).toEqual([
      ['g', 'Привет!', ''],
      ['u1', 'Как дела?', ''],
      ['r1', 'Хорошо!', ''],
    ]);
    expect(c.s().typing).toBe(false);
  });

  it('a stream cut off by a crash ends: what the server kept is shown, nothing stays typing', () => {
    const c = chat();
    c.s().reset(CHAT, [stored('g', 'Привет!', 0), user('u1', 'Расскажи историю', 10)]);
    c.s().chunk({ chat_id: CHAT, chunk: 'Жила-была ', chunk_index: 0, is_complete: false });
    c.s().chunk({ chat_id: CHAT, chunk: 'девочка', chunk_index: 1, is_complete: false });
    expect(c.s().messages.at(-1)?.streaming).toBe(true);

    // Nothing of the reply was stored.
    c.s().resync([stored('g', 'Привет!', 0), user('u1', 'Расскажи историю', 10)], T0 + 12_000);
    expect(c.shown()).toEqual([
      ['g', 'Привет!', ''],
      ['u1', 'Расскажи историю', ''],
    ]);
    expect(c.s().typing).toBe(false);

    // The checkpointed part was stored: it shows, not streaming.
    c.s().resync(
      [
        stored('g', 'Привет!', 0),
        user('u1', 'Расскажи историю', 10),
        stored('r1', 'Жила-была', 11, { metadata: { interrupted: true } }),
      ],
      T0 + 12_000,
    );
    expect(c.s().messages.at(-1)).toMatchObject({ id: 'r1', text: 'Жила-была', streaming: false });

    // The next reply starts a bubble of its own, not the tail of the cut-off one.
    c.s().chunk({ chat_id: CHAT, chunk: 'Новый ответ', chunk_index: 0, is_complete: false });
    expect(c.s().messages.at(-1)).toMatchObject({ text: 'Новый ответ', streaming: true });
  });

  it('a message whose ack was lost becomes the stored one; one the server never got is marked not sent', () => {
    const c = chat(20);
    c.s().reset(CHAT, [stored('g', 'Привет!', 0)]);
    c.s().addOptimistic('Дошло?');
    c.s().addOptimistic('А это?');
    c.at(40);
    c.s().resync([stored('g', 'Привет!', 0), user('u1', 'Дошло?', 21), stored('r1', 'Да!', 22)], T0 + 30_000);
    // In the order they were made: the lost one was typed before her missed reply was stored.
    expect(c.shown()).toEqual([
      ['g', 'Привет!', ''],
      ['u1', 'Дошло?', ''],
      ['t2', 'А это?', 'pending/failed'],
      ['r1', 'Да!', ''],
    ]);
    expect(c.s().messages[2]).toMatchObject({ pending: false, failed: true });
    expect(c.s().typing).toBe(false);
  });

  it('a message sent after the loss is still on its way: kept waiting, with the dots', () => {
    const c = chat(20);
    c.s().reset(CHAT, [stored('g', 'Привет!', 0)]);
    c.s().addOptimistic('Ты тут?');
    c.s().resync([stored('g', 'Привет!', 0)], T0 + 10_000);
    expect(c.s().messages.at(-1)).toMatchObject({ id: 't1', pending: true });
    expect(c.s().messages.at(-1)?.failed).toBeFalsy();
    expect(c.s().typing).toBe(true);
  });

  it("keeps the page's own texts where they were, and missed messages before the newer ones", () => {
    const c = chat(5);
    c.s().reset(CHAT, []);
    c.s().addLocalAssistant('Привет! Я так рада, что ты здесь.');
    c.s().receiveHttpReply('x', user('u1', 'Привет', 6), null);
    // An HTTP reply shown with a temporary id, stored under a real one.
    c.s().addLocalAssistant('Ответ по HTTP');
    c.at(30);
    c.s().addOptimistic('Отправлено во время сбоя');
    c.s().markFailed('t3');
    c.s().resync(
      [user('u1', 'Привет', 6), stored('r1', 'Ответ по HTTP', 7), stored('r2', 'Пропущенное', 20)],
      T0 + 15_000,
    );
    expect(c.shown()).toEqual([
      ['t1', 'Привет! Я так рада, что ты здесь.', ''],
      ['u1', 'Привет', ''],
      ['r1', 'Ответ по HTTP', ''],
      ['r2', 'Пропущенное', ''],
      ['t3', 'Отправлено во время сбоя', 'pending/failed'],
    ]);
  });
});
