import type { PushPayload } from '@podruga/shared';
import { type NavigateMessage, SW_MESSAGES } from './messages.ts';

/** The app icon a notification shows (emitted by build/pwaIcons.ts). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
const FALLBACK_TITLE = 'Новое уведомление';
/** How long a page has to say it took the navigation before the worker reloads it at the address. */
const NAVIGATE_ACK_MS = 1500;

/** What `notification.data` holds. */
export interface NotificationData {
  url: string;
}

/**
 * A push message's JSON (packages/shared `PushPayload`) read defensively: the sender is our server, but
 * a malformed message still shows something rather than nothing (browsers penalise silent pushes).
 */
export function readPushPayload(text: string | null | undefined): PushPayload {
  let value: unknown = null;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    value = null;
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const str = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : undefined);
  const payload: PushPayload = { title: str('title') || FALLBACK_TITLE, body: str('body') ?? '' };
  const url = str('url');
  const tag = str('tag');
  if (url) payload.url = url;
  if (tag) payload.tag = tag;
  return payload;
}

/** A same-origin path to open: anything else (another origin, `javascript:`…) opens the app's start. */
export function safeTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url === '') return '/';
  try {
    const target = new URL(url, origin);
    if (target.origin !== origin) return '/';
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return '/';
  }
}

/** The title and options `showNotification` gets for a push. */
export function notificationFor(payload: PushPayload, origin: string): [string, NotificationOptions] {
  const data: NotificationData = { url: safeTarget(payload.url, origin) };
  const options: NotificationOptions = { body: payload.body, icon: NOTIFICATION_ICON, lang: 'ru', data };
  if (payload.tag) options.tag = payload.tag;
  return [payload.title, options];
}

/** The parts of the worker's `clients` the click needs (a fake in tests). */
export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
}

export interface WindowClientLike {
  readonly url: string;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<unknown>;
  postMessage(message: NavigateMessage, transfer: Transferable[]): void;
}

/** Posts the navigation to the page and waits for its answer on a channel; false when none came in time. */
function askPageToNavigate(client: WindowClientLike, url: string, waitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(false);
    }, waitMs);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(true);
    };
    client.postMessage({ type: SW_MESSAGES.navigate, url }, [channel.port2]);
  });
}

/**
 * A notification was clicked (001 §4; issue 12): an open window of the app is focused and its router
 * goes to the notification's path (the page answers; a page that does not is loaded at the path); with
 * no window open, a new one opens at the path.
 */
export async function openFromNotification(
  clients: ClientsLike,
  origin: string,
  url: unknown,
  waitMs = NAVIGATE_ACK_MS,
): Promise<void> {
  const target = safeTarget(url, origin);
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.filter((client) => new URL(client.url).origin === origin);
  const client = open[0];
  if (!client) {
    await clients.openWindow(target);
    return;
  }
  const focused = await client.focus().catch(() => client);
  if (await askPageToNavigate(focused, target, waitMs)) return;
  await focused.navigate(new URL(target, origin).href).catch(() => clients.openWindow(target));
}
