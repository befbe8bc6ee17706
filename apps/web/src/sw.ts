/// <reference lib="webworker" />
/**
 * The service worker, served at `/sw.js` (vite-plugin-pwa's injectManifest builds it; issue 12):
 * - the app shell (scripts, styles, icons, the offline page) precached and served from the cache;
 * - navigations go to the network first (the server renders index.html per brand), the offline page
 *   when the network fails; `/api`, `/socket.io`, `/pics` and `/vids` are never touched;
 * - Web Push: a `PushPayload` becomes a notification; its click opens the app at its path;
 * - a new version waits until the page's "Обновить" asks it to take over.
 */
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SW_MESSAGES } from './sw/messages.ts';
import {
  type NotificationData,
  notificationFor,
  openFromNotification,
  readPushPayload,
} from './sw/notifications.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const OFFLINE_PAGE = '/offline.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(
    async ({ event, request }) => {
      try {
        const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
        return preloaded ?? (await fetch(request));
      } catch {
        return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
      }
    },
    {
      denylist: [
        /^\/api(?:\/|$)/,
        /^\/socket\.io(?:\/|$)/,
        /^\/pics(?:\/|$)/,
        /^\/vids(?:\/|$)/,
        /^\/sw\.js$/,
      ],
    },
  ),
);

self.addEventListener('install', () => {
  // The first install takes over at once (nothing to replace); an update waits for "Обновить".
  if (!self.registration.active) void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([self.clients.claim(), self.registration.navigationPreload?.enable().catch(() => undefined)]),
  );
});

self.addEventListener('push', (event) => {
  const [title, options] = notificationFor(readPushPayload(event.data?.text()), self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

function clickNotification(notification: Notification): Promise<void> {
  notification.close();
  const data = notification.data as Partial<NotificationData> | null;
  return openFromNotification(self.clients, self.location.origin, data?.url);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(clickNotification(event.notification));
});

self.addEventListener('message', (event) => {
  const message = event.data as { type?: unknown; tag?: unknown } | null;
  if (message?.type === SW_MESSAGES.skipWaiting) {
    event.waitUntil(self.skipWaiting());
  } else if (message?.type === SW_MESSAGES.clickNotification && typeof message.tag === 'string') {
    // Only a window of our own origin can message the worker; it can click only what the worker showed.
    const tag = message.tag;
    event.waitUntil(
      self.registration.getNotifications({ tag }).then(async (shown) => {
        const notification = shown[0];
        if (notification) await clickNotification(notification);
      }),
    );
  }
});
