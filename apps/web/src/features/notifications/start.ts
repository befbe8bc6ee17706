import { ACTIVITY_EVENTS, hasBeenActive } from '../../shared/activity.ts';
import { notificationsApi } from './api.ts';
import { notificationsStore } from './store.ts';

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
 * Starts the bell's live channel once (live.ts, with socket.io-client, both loaded only then): after the
 * visitor's first tap or key, or when the page has been idle a few seconds (DESIGN §8: nothing of it in
 * the first load).
 */
export function startLiveNotifications(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  afterActivationOrIdle(() => void import('./live.ts').then((m) => m.connectLive()));
}
