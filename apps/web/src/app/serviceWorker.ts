import { SW_MESSAGES } from '../sw/messages.ts';
import { navigateTo } from './navigation.ts';

const UPDATE_TEXT = 'Доступна новая версия';
const UPDATE_ACTION = 'Обновить';
/** A tab left open checks for a new version this often (the browser also checks on navigations). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** "Обновить": the waiting worker takes over, then the page reloads into the new version. */
function offerUpdate(waiting: ServiceWorker): void {
  void import('../shared/ui/notify.tsx').then(({ notify }) =>
    notify.withAction(
      'teal',
      UPDATE_TEXT,
      UPDATE_ACTION,
      () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
        waiting.postMessage({ type: SW_MESSAGES.skipWaiting });
      },
      false,
    ),
  );
}

export function watchForUpdates(registration: ServiceWorkerRegistration): void {
  // Only when a worker already controls the page: the first install is not an update.
  const offerIfWaiting = () => {
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  };
  offerIfWaiting();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerIfWaiting();
    });
  });
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}

/** A clicked notification asks the open app to go to its path (src/sw/notifications.ts); we answer. */
export function onWorkerMessage(event: MessageEvent): void {
  const data = event.data as { type?: unknown; url?: unknown } | null;
  if (data?.type !== SW_MESSAGES.navigate || typeof data.url !== 'string' || !data.url.startsWith('/'))
    return;
  navigateTo(data.url);
  event.ports[0]?.postMessage('ok');
}

/**
 * Registers `/sw.js` once the page has loaded (issue 12: the installable app), so the worker's install
 * (the app shell's precache) never competes with the first page. Production builds only.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.addEventListener('message', onWorkerMessage);
    navigator.serviceWorker
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .then(watchForUpdates)
      .catch((error: unknown) => console.warn('service worker registration failed', error));
  };
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
