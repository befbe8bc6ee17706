import type { Character, Chat, Message } from '@podruga/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/index.ts';
import { CREATE_CHAT_FAILED, initChat, NO_COMPANION_TEXT } from './init.ts';
import { storedMessage as msg } from './testing.ts';

describe('initChat', () => {
  const chat = (id: string): Chat => ({ id, character_id: 'ch', title: 't', created_at: '', updated_at: '' });
  const api = (chats: Chat[], messages: Message[] = [msg({})], characters = [{ id: 'ch' } as Character]) => ({
    listChats: vi.fn(async () => chats),
    listCharacters: vi.fn(async () => characters),
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

  it("a companion's id in the route (a notification's link) opens her chat", async () => {
    const other: Chat = { ...chat('b'), character_id: 'her' };
    const result = await initChat({ ...base, api: api([chat('a'), other]), routeId: 'her' });
    expect(result).toMatchObject({ kind: 'ready', chat: { id: 'b' } });
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

  it('a member without chats gets a new one with her companion, with a first message', async () => {
    const a = api([], []);
    const result = await initChat({ ...base, isMember: true, api: a, routeId: undefined });
    expect(a.createChat).toHaveBeenCalled();
    expect(result).toMatchObject({ kind: 'ready', chat: { id: 'new' }, messages: [{ id: 'first' }] });
  });

  it('a member without a companion gets the no-companion state, no failed chat creation', async () => {
    const a = api([], [], []);
    const result = await initChat({ ...base, isMember: true, api: a, routeId: undefined });
    expect(result).toEqual({ kind: 'no_companion' });
    expect(a.createChat).not.toHaveBeenCalled();
  });

  it('a chat that cannot be created (the server failing) is still told as the spec says', async () => {
    const a = api([], []);
    a.createChat.mockRejectedValue(ApiError.network());
    await expect(initChat({ ...base, isMember: true, api: a, routeId: undefined })).resolves.toEqual({
      kind: 'message',
      text: CREATE_CHAT_FAILED,
    });
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
