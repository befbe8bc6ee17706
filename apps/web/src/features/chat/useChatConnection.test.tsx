import type { Message } from '@podruga/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api.ts';
import { useMediaDialogs } from './mediaDialogs.ts';
import type { ChatSocketDeps, ChatSocketListener } from './socket.ts';
import { createChatStore } from './store.ts';
import { herMediaMessage, storedMessage } from './testing.ts';
import { useChatConnection } from './useChatConnection.ts';

/** The chat's sockets as the hook made them: what it listens with, and which chats it opened. */
const made = vi.hoisted(() => [] as { listener: ChatSocketListener; opened: string[] }[]);

// The hook's own wiring is under test, not socket.io: ChatSocket is replaced by a recorder.
vi.mock('./socket.ts', async (original) => {
  const real = await original<typeof import('./socket.ts')>();
  class RecordingSocket {
    readonly listener: ChatSocketListener;
    readonly opened: string[] = [];
    constructor(deps: ChatSocketDeps) {
      this.listener = deps.listener;
      made.push(this);
    }
    async open(chatId: string) {
      this.opened.push(chatId);
    }
    wake() {}
    close() {}
  }
  return { ...real, ChatSocket: RecordingSocket };
});

const CHAT = 'c1';
const asked = storedMessage({ id: 'u1', chat_id: CHAT, is_user: true, content: 'Пришли фото на пляже' });
const stores: ReturnType<typeof createChatStore>[] = [];

function connect(history: Message[]) {
  const store = createChatStore();
  stores.push(store);
  store.getState().reset(CHAT, history);
  renderHook(() => useChatConnection(CHAT, 'token', store));
  const socket = made.at(-1);
  if (!socket) throw new Error('no socket made');
  return { store, socket, listener: socket.listener };
}

afterEach(() => {
  made.length = 0;
  for (const store of stores.splice(0)) store.getState().dispose();
  useMediaDialogs.getState().close();
  vi.useRealTimers();
});

describe('the chat’s connection and her photos and videos', () => {
  it('a reload while her photo is made connects at once, and once joined fetches what finished meanwhile', async () => {
    const api = stubApi({
      [`GET /api/messages/${CHAT}`]: () => [asked, herMediaMessage('photo', 'ready', { chat_id: CHAT })],
    });
    const { store, socket, listener } = connect([
      asked,
      herMediaMessage('photo', 'pending', { chat_id: CHAT }),
    ]);
    expect(socket.opened).toEqual([CHAT]);

    act(() => listener.status('authenticated'));
    await waitFor(() => expect(store.getState().messages[1]?.media?.status).toBe('ready'));
    expect(store.getState().messages[1]?.image).toBe('/pics/her-1.png');
    // Later connections catch up through ChatSocket's own resync, not again here.
    act(() => listener.status('reconnecting'));
    act(() => listener.status('authenticated'));
    expect(api.calls).toEqual([`GET /api/messages/${CHAT}`]);
  });

  it('nothing being made: no extra fetch when the socket joins', () => {
    const api = stubApi({});
    const { listener } = connect([asked, storedMessage({ id: 'r1', chat_id: CHAT, content: 'Привет!' })]);
    act(() => listener.status('authenticated'));
    expect(api.calls).toEqual([]);
  });

  it('video_ready makes her video ready; premium_feature of video opens the preview 500 ms later', () => {
    const { store, listener } = connect([herMediaMessage('video', 'pending', { chat_id: CHAT, id: 'v1' })]);
    act(() => listener.videoReady({ chat_id: CHAT, message_id: 'v1', video_url: '/vids/v1.mp4' }));
    expect(store.getState().messages[0]).toMatchObject({ video: '/vids/v1.mp4', media: { status: 'ready' } });

    vi.useFakeTimers();
    act(() => listener.premiumFeature({ feature: 'video', chat_id: CHAT }));
    expect(useMediaDialogs.getState().open).toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(useMediaDialogs.getState().open).toBe('videoPreview');
  });
});
