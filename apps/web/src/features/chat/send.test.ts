import type { Chat, Message } from '@podruga/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/index.ts';
import { initChat, NO_COMPANION_TEXT } from './init.ts';
import { SEND_FAILED, sendText } from './send.ts';
import { createChatStore } from './store.ts';
import { storedMessage } from './testing.ts';

const CHAT = 'c1';
const msg = (over: Partial<Message>): Message => storedMessage({ chat_id: CHAT, ...over });

function deps(sent: boolean, postMessage = vi.fn()) {
  const store = createChatStore({ tempId: () => 't1' });
  store.getState().reset(CHAT);
  const notifyError = vi.fn();
  const socket = { sendMessage: vi.fn(async () => sent) };
  const api = { postMessage, messageLimits: vi.fn() };
  return { store, socket, api, notifyError };
}

describe('sendText', () => {
  it('ignores blank text', async () => {
    const d = deps(true);
    await sendText(d, CHAT, '   \n ');
    expect(d.socket.sendMessage).not.toHaveBeenCalled();
    expect(d.store.getState().messages).toEqual([]);
  });

  it('sends over the socket with the temporary id as client_id', async () => {
    const d = deps(true);
    await sendText(d, CHAT, ' Привет ');
    expect(d.socket.sendMessage).toHaveBeenCalledWith({
      content: 'Привет',
      image_path: null,
      current_chat_id: CHAT,
      client_id: 't1',
    });
    expect(d.api.postMessage).not.toHaveBeenCalled();
  });

  it('falls back to HTTP when the socket is not ready', async () => {
    const post = vi.fn(async () => ({
      user_message: msg({ id: 'u1', is_user: true, content: 'Привет' }),
      reply: msg({ id: 'r1', content: 'И тебе привет' }),
    }));
    const d = deps(false, post);
    await sendText(d, CHAT, 'Привет');
    expect(post).toHaveBeenCalledWith(CHAT, 'Привет');
    expect(d.store.getState().messages.map((m) => [m.id, m.text])).toEqual([
      ['u1', 'Привет'],
      ['r1', 'И тебе привет'],
    ]);
    expect(d.store.getState().typing).toBe(false);
  });

  it('shows the rate-limit card on an HTTP 429 and a toast on other failures', async () => {
    const limited = deps(
      false,
      vi.fn(async () => {
        throw ApiError.fromBody(429, {
          detail: 'Daily message limit reached',
          id: 'rl',
          metadata: { show_upgrade_button: true, tier: 'free', reset_hours: 2, reset_minutes: 5 },
          reset_hours: 2,
          reset_minutes: 5,
          user_type: 'free',
          chat_id: CHAT,
        });
      }),
    );
    await sendText(limited, CHAT, 'ещё');
    expect(limited.store.getState().sendingAllowed).toBe(false);
    expect(limited.store.getState().messages.at(-1)?.type).toBe('rate_limit');
    expect(limited.notifyError).not.toHaveBeenCalled();

    const broken = deps(
      false,
      vi.fn(async () => {
        throw ApiError.network();
      }),
    );
    await sendText(broken, CHAT, 'ещё');
    expect(broken.notifyError).toHaveBeenCalledWith(SEND_FAILED);
    // The server was down: the bubble does not look delivered.
    expect(broken.store.getState().messages.at(-1)).toMatchObject({
      text: 'ещё',
      pending: false,
      failed: true,
    });
    expect(broken.store.getState().typing).toBe(false);
  });
});

describe('initChat', () => {
  const chat = (id: string): Chat => ({ id, character_id: 'ch', title: 't', created_at: '', updated_at: '' });
  const api = (chats: Chat[], messages: Message[] = [msg({})]) => ({
    listChats: vi.fn(async () => chats),
    createChat: vi.fn(async () => chat('new')),
    messages: vi.fn(async (_chatId: string) => messages),
    firstMessage: vi.fn(async () => ({ response: 'hi', message: msg({ id: 'first' }) })),
  });
  const base = { storedId: null, isMember: false, allowHomeRedirect: () => true };

  it('an unknown route id reloads the chats once, then goes home', async () => {
    const a = api([chat('a')]);
    await expect(initChat({ ...base, api: a, routeId: 'zzz' })).resolves.toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(a.listChats).toHaveBeenCalledTimes(2);
  });

  it('a stale stored id falls back to the first chat', async () => {
    const result = await initChat({ ...base, api: api([chat('a')]), routeId: undefined, storedId: 'gone' });
    expect(result).toMatchObject({ kind: 'ready', chat: { id: 'a' } });
  });

  it('a guest without chats goes home, until the loop is broken', async () => {
    await expect(initChat({ ...base, api: api([]), routeId: undefined })).resolves.toEqual({
      kind: 'redirect',
      to: '/',
    });
    await expect(
      initChat({ ...base, api: api([]), routeId: undefined, allowHomeRedirect: () => false }),
    ).resolves.toEqual({ kind: 'message', text: NO_COMPANION_TEXT });
  });

  it('a member without chats gets a new one, with a first message', async () => {
    const a = api([], []);
    const result = await initChat({ ...base, isMember: true, api: a, routeId: undefined });
    expect(a.createChat).toHaveBeenCalled();
    expect(result).toMatchObject({ kind: 'ready', chat: { id: 'new' }, messages: [{ id: 'first' }] });
  });

  it('forbidden messages go to /profile; a failed first message uses the fallback', async () => {
    const forbidden = api([chat('a')]);
    forbidden.messages.mockRejectedValue(
      ApiError.fromBody(403, { detail: 'Not authorized to view this chat' }),
    );
    await expect(initChat({ ...base, api: forbidden, routeId: 'a' })).resolves.toEqual({
      kind: 'redirect',
      to: '/profile',
    });
    const empty = api([chat('a')], []);
    empty.firstMessage.mockRejectedValue(new Error('down'));
    await expect(initChat({ ...base, api: empty, routeId: 'a' })).resolves.toMatchObject({
      kind: 'ready',
      messages: [],
      firstMessageFailed: true,
    });
  });

  it("asks for the expected chat's history alongside the list, and only once", async () => {
    let listed: (chats: Chat[]) => void = () => {};
    const a = api([]);
    a.listChats.mockImplementation(() => new Promise<Chat[]>((resolve) => (listed = resolve)));
    const pending = initChat({ ...base, api: a, routeId: 'a' });
    // The list has not answered yet, the history is already on its way.
    expect(a.messages).toHaveBeenCalledWith('a');
    listed([chat('a')]);
    await expect(pending).resolves.toMatchObject({ kind: 'ready', chat: { id: 'a' } });
    expect(a.messages).toHaveBeenCalledTimes(1);

    // A stale stored id: its early answer (a 404) is dropped, the first chat's history is asked for.
    const stale = api([chat('b')]);
    stale.messages.mockImplementation(async (id: string) => {
      if (id === 'gone') throw ApiError.fromBody(404, { detail: 'Not found' });
      return [msg({ id: 'b1' })];
    });
    await expect(
      initChat({ ...base, api: stale, routeId: undefined, storedId: 'gone' }),
    ).resolves.toMatchObject({
      kind: 'ready',
      chat: { id: 'b' },
      messages: [{ id: 'b1' }],
    });
  });
});
