import {
  type ClientToServerEvents,
  type Notification,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@podruga/shared';
import type { Socket } from 'socket.io-client';
import { ACTIVITY_EVENTS, hasBeenActive } from '../../shared/activity.ts';
import { useAuth } from '../auth/store.ts';
import { notificationsApi } from './api.ts';
import { notificationsStore } from './store.ts';

type NotificationSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Without a tap or a key, the socket still opens once the page has been idle this long. */
const IDLE_FALLBACK_MS = 4_000;

/** Reads the badge's count (failures count as 0, 001 §8). */
export async function refreshUnread(): Promise<void> {
  try {
    notificationsStore.setUnread((await notificationsApi.unreadCount()).count);
  } catch {
    notificationsStore.setUnread(0);
  }
}

/** Runs `start` after the first tap or key, or when the browser is idle for a while, whichever first. */
function afterActivationOrIdle(start: () => void): void {
  if (hasBeenActive()) {
    start();
    return;
  }
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, go, { capture: true });
    start();
  };
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, go, { capture: true, passive: true });
  const idle = (window as { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => void })
    .requestIdleCallback;
  setTimeout(() => (idle ? idle(go, { timeout: IDLE_FALLBACK_MS }) : go()), IDLE_FALLBACK_MS);
}

let started = false;

/**
 * The bell's live channel (issue 12): a small socket of its own, opened after the visitor's first tap or
 * key, or when the page has been idle a few seconds, so socket.io-client (its own chunk) never weighs on
 * the first load (DESIGN §8). It authenticates with the session's token, joins the user's room and hears
 * `notification`; after a reconnect, or when the session changes, it authenticates again and re-reads
 * the count (what arrived meanwhile was not heard).
 */
export function startLiveNotifications(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  afterActivationOrIdle(() => void connect());
}

async function connect(): Promise<void> {
  const { io } = await import('socket.io-client');
  const socket: NotificationSocket = io({
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 30_000,
  });
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
