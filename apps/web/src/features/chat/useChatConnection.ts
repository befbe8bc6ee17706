import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '../../shared/ui/notify.tsx';
import { useAuth } from '../auth/store.ts';
import { chatApi } from './api.ts';
import { onPremiumFeature } from './mediaDialogs.ts';
import { isMediaPending } from './messages.ts';
import { ChatSocket, type ConnectionStatus, connectSocketIo } from './socket.ts';
import type { ChatStore } from './store.ts';
import { whenBack, whenSocketNeeded } from './userActivation.ts';

const GUEST_MIGRATED = 'Твой гостевой аккаунт перенесён. Обнови страницу.';

export interface ChatConnection {
  /** The open chat's socket (null before it exists): sends go through it, or over HTTP without it. Stable. */
  socket: () => ChatSocket | null;
  /** What the connection banner shows. */
  status: ConnectionStatus;
}

/**
 * The chat's socket, one per chat and session (000 §4 "Socket connection"): opened when the chat needs it
 * (userActivation.ts), its events put into the store, brought back after any loss (ChatSocket), and the
 * history fetched again once it is back (resync.ts), so a reply finished or a stream cut off meanwhile
 * shows as the server has it. `status` feeds the connection banner.
 */
export function useChatConnection(
  chatId: string | null,
  token: string | null,
  store: ChatStore,
): ChatConnection {
  const socketRef = useRef<ChatSocket | null>(null);
  const [status, setStatus] = useState<ConnectionStatus>('idle');

  useEffect(() => {
    if (!chatId || !token) return;
    let active = true;
    const resync = async (lostAt: number) => {
      const history = await chatApi.messages(chatId);
      // The visitor may have left for another chat (the same store) while it was fetched.
      if (active) store.getState().resync(history, lostAt);
    };
    /**
     * A reply whose first chunks went by while the socket was away (or before it joined the room): its
     * bubble lacks its beginning, so once it is complete the stored text is fetched.
     */
    let joinedMidway = false;
    /**
     * Her photo or video was being made when the history was read: it may have finished before the
     * socket joined the chat's room, unheard, so the first connection fetches the history once more.
     */
    let firstConnection = true;
    const onStatus = (next: ConnectionStatus) => {
      setStatus(next);
      if (next !== 'authenticated' || !firstConnection) return;
      firstConnection = false;
      if (store.getState().messages.some(isMediaPending)) resync(0).catch(() => {});
    };
    const socket = new ChatSocket({
      connect: connectSocketIo,
      getToken: () => useAuth.getState().token,
      listener: {
        ack: (p) => store.getState().ack(p),
        chunk: (p) => {
          const state = store.getState();
          if (p.chat_id === chatId && p.chunk_index > 0 && !state.messages.some((m) => m.streaming)) {
            joinedMidway = true;
          }
          state.chunk(p);
        },
        streamingComplete: (p) => {
          // Shown from the history while it streamed (a reload in its middle): only its start was known.
          const reloadedMidway = store.getState().messages.some((m) => m.id === p.message_id && m.streaming);
          store.getState().streamingComplete(p);
          if (!(joinedMidway || reloadedMidway) || p.chat_id !== chatId) return;
          joinedMidway = false;
          // Nothing was lost here (0: no pending message counts as lost), only a beginning not heard.
          resync(0).catch(() => {});
        },
        message: (m) => {
          if (m.message_type === 'error') {
            if (m.chat_id === chatId) notify.error(`Ошибка: ${m.content}`);
            return;
          }
          // Her reply streaming again from its text ("continue", issue 17): chunks from 1 follow.
          if (m.is_streaming && !m.is_user) {
            store
              .getState()
              .resumed([{ message_id: m.id, chat_id: m.chat_id, content: m.content, chunk_index: 0 }]);
            return;
          }
          store.getState().receive(m);
        },
        typing: (on) => store.getState().setTyping(on),
        rateLimit: (p) => store.getState().rateLimit(p),
        videoReady: (p) => store.getState().videoReady(p),
        premiumFeature: (p) => onPremiumFeature(p.feature),
        guestMigrated: () => notify.warning(GUEST_MIGRATED),
        error: (p) => {
          if (p.chat_id && p.chat_id !== chatId) return;
          store.getState().setTyping(false);
          // A refused send (too fast, bad characters, …) names its message: it stays, marked not sent.
          if (p.client_id) store.getState().markFailed(p.client_id);
          // A safety refusal is not an error of the app: she answered in character; the reason is a
          // calm note, never an "Ошибка".
          if (p.code === 'safety_refused') notify.warning(p.message);
          else notify.error(p.code === 'send_throttled' ? p.message : `Ошибка: ${p.message}`);
        },
        status: onStatus,
        resync,
        resuming: () => store.getState().resuming(),
        resumed: (replies) => {
          // A reply shown as streaming that is not live any more finished unheard: its stored text.
          if (store.getState().resumed(replies)) resync(0).catch(() => {});
        },
      },
    });
    socketRef.current = socket;
    // Connects once the visitor has touched the page (at once after a click that led here) or brings the
    // tab back on screen: the history came over REST, and socket.io-client stays out of a page that is
    // only read (DESIGN §8). At once, too, when the history (loaded before this runs) ends with the
    // user's message or a streaming reply: a reload while a reply is generated must show it arrive; so too
    // when her photo or video is still being made. A send made meanwhile waits for the socket
    // (ChatSocket.sendMessage); the tap or key that made it opens it.
    const open = () => void socket.open(chatId);
    const loaded = store.getState().messages;
    let stopWaiting = () => {};
    if (loaded.some(isMediaPending)) open();
    else stopWaiting = whenSocketNeeded(open, loaded);
    // A lost connection is tried again at once when the device is online again or the tab comes back.
    const stopWatching = whenBack(() => socket.wake());
    return () => {
      active = false;
      stopWaiting();
      stopWatching();
      socket.close();
      if (socketRef.current === socket) socketRef.current = null;
      setStatus('idle');
    };
  }, [chatId, token, store]);

  const currentSocket = useCallback(() => socketRef.current, []);
  return { socket: currentSocket, status };
}
