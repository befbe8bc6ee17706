/**
 * What the bell needs at a press, kept apart from push.ts (subscribing), so the header's first load
 * carries only these few lines (DESIGN §8).
 */

/** 001 §4 "Push permission" states. */
export type PushPermissionState = 'unsupported' | 'default' | 'granted' | 'denied';

/** Push needs a service worker, the Push API and notifications (iOS: only in the installed app). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function pushPermissionState(): PushPermissionState {
  if (!pushSupported()) return 'unsupported';
  return Notification.permission;
}

/** iPhone or iPad (iPadOS reports itself as a Mac with touch). */
export function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(ua) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}
