import { PUSH_ERRORS, type PushBrowserInfo } from '@podruga/shared';
import { isApiError } from '../../shared/api/index.ts';
import { pushApi } from './pushApi.ts';
import { pushSupported } from './support.ts';

export { type PushPermissionState, pushPermissionState } from './support.ts';

/** The service worker's registration; it may never come (no worker registered): give up after a while. */
async function registration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(PUSH_ERRORS.unsupported)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === expected.length && bytes.every((b, i) => b === expected[i]);
}

/** 001 §3 browser_info, read from the user agent. */
export function browserInfo(ua: string = navigator.userAgent): PushBrowserInfo {
  const browser = /SamsungBrowser/.test(ua)
    ? 'samsung'
    : /Edg\//.test(ua)
      ? 'edge'
      : /OPR\/|Opera/.test(ua)
        ? 'opera'
        : /Firefox\//.test(ua)
          ? 'firefox'
          : /Chrome\/|CriOS/.test(ua)
            ? 'chrome'
            : /Safari\//.test(ua)
              ? 'safari'
              : 'other';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'other';
  const deviceType = /Mobi|iPhone|Android/.test(ua)
    ? 'mobile'
    : /iPad|Tablet/.test(ua)
      ? 'tablet'
      : 'desktop';
  return {
    browser,
    os,
    device_type: deviceType,
    user_agent: ua.slice(0, 512),
    platform: (navigator.platform || 'unknown').slice(0, 64),
  };
}

/** This browser's push subscription, when it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Subscribes this browser (permission already granted) and tells the server. */
export async function subscribePush(): Promise<void> {
  if (!pushSupported()) throw new Error(PUSH_ERRORS.unsupported);
  if (Notification.permission === 'denied') throw new Error(PUSH_ERRORS.blocked);
  if (Notification.permission !== 'granted') throw new Error(PUSH_ERRORS.notGranted);
  const reg = await registration();
  const { public_key: key, supported } = await pushApi.vapidKey();
  if (!supported || !key) throw new Error(PUSH_ERRORS.unsupported);
  const serverKey = base64UrlToBytes(key);
  let subscription = await reg.pushManager.getSubscription();
  // Made for another server key (keys rotated): push services would refuse our pushes to it.
  if (subscription && !sameKey(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: serverKey,
  });
  const json = subscription.toJSON();
  await pushApi.subscribe({
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    browser_info: browserInfo(),
  });
}

/**
 * Asks the browser for permission and, when granted, subscribes. Resolves with the permission the user
 * chose; throws (with the spec's push error texts) when subscribing failed.
 */
export async function enablePush(): Promise<'granted' | 'denied' | 'default'> {
  if (!pushSupported()) throw new Error(PUSH_ERRORS.unsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  await subscribePush();
  return 'granted';
}

/** Unsubscribes this browser (the server forgets it first; an already forgotten one is fine). */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await pushApi.unsubscribe(subscription.endpoint);
  } catch (error) {
    if (!(isApiError(error) && error.status === 404)) throw error;
  }
  await subscription.unsubscribe();
}
