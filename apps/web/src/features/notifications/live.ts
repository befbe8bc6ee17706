import {
  type ClientToServerEvents,
  type Notification,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@podruga/shared';
import type { Socket } from 'socket.io-client';
import { adminLogSocket } from '../../shared/adminLog.ts';
import { useAuth } from '../auth/store.ts';
import { refreshUnread } from './start.ts';
import { notificationsStore } from './store.ts';

type NotificationSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The bell's live channel (issue 12): a small socket of its own, opened after the visitor's first tap or
 * key, or when the page has been idle a few seconds, so socket.io-client (its own chunk) never weighs on
 * the first load (DESIGN §8). It authenticates with the session's token, joins the user's room and hears
 * `notification`; after a reconnect, or when the session changes, it authenticates again and re-reads
 * the count (what arrived meanwhile was not heard).
 */
export async function connectLive(): Promise<void> {
  const { io } = await import('socket.io-client');
  const socket: NotificationSocket = io({
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 30_000,
  });
  adminLogSocket(socket, 'bell');
  let token: string | null = null;
  const authenticate = () => {
    token = useAuth.getState().token;
    if (token) socket.emit('authenticate', { token, chat_id: null });
  };
  socket.on('connect', () => {
    authenticate();
    void refreshUnread();
  });
  socket.on('notification', (notification: Notification) => notificationsStore.arrived(notification));
  useAuth.subscribe((state) => {
    if (state.token === token) return;
    notificationsStore.reset();
    // A new session (login, logout, another tab's): the old room is left by reconnecting.
    if (socket.connected) {
      socket.disconnect().connect();
    }
  });
}
