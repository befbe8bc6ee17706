import { NOTIFICATION_KEYS, NOTIFICATIONS } from '@podruga/shared';
import { create } from 'zustand';
import { pushPermissionState } from './support.ts';

interface PushPermissionDialogState {
  opened: boolean;
  everOpened: boolean;
  /** Which of the three texts this opening shows (they rotate across openings and visits). */
  variant: number;
  open: () => void;
  close: () => void;
}

function readTime(key: string): number {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function writeTime(key: string, at: number): void {
  try {
    localStorage.setItem(key, String(at));
  } catch {
    // storage full or blocked: the dialog may be offered again sooner
  }
}

/**
 * The notification permission dialog (001 §4 "Push permission"): the bell opens it, and the installed app
 * offers it once, 2 s after a registered user is marked as a pwa user (001 §4 "App installation").
 * Opening it notes the time, so it is not offered again within 7 days.
 */
export const usePushPermissionDialog = create<PushPermissionDialogState>((set) => ({
  opened: false,
  everOpened: false,
  variant: 0,
  open: () => {
    writeTime(NOTIFICATION_KEYS.promptShownAt, Date.now());
    set({ opened: true, everOpened: true, variant: nextPromptVariant(NOTIFICATIONS.promptCount) });
  },
  close: () => set({ opened: false }),
}));

/** 'Decline' stores a denied timestamp (001 §4). */
export function declinePushPermission(now: number = Date.now()): void {
  writeTime(NOTIFICATION_KEYS.deniedAt, now);
}

/**
 * Whether the dialog should be offered now: push is supported, permission is neither granted nor
 * denied, and it was not shown or declined within the last 7 days (001 §4, §9).
 */
export function shouldAskPushPermission(now: number = Date.now()): boolean {
  if (pushPermissionState() !== 'default') return false;
  const last = Math.max(readTime(NOTIFICATION_KEYS.promptShownAt), readTime(NOTIFICATION_KEYS.deniedAt));
  return now - last >= NOTIFICATIONS.reaskMs;
}

/** The next of the three rotating texts (001 §2), remembered across visits. */
export function nextPromptVariant(count: number): number {
  let index = 0;
  try {
    const stored = localStorage.getItem(NOTIFICATION_KEYS.promptVariant);
    const previous = stored === null ? -1 : Number(stored);
    index = Number.isInteger(previous) && previous >= 0 ? (previous + 1) % count : 0;
    localStorage.setItem(NOTIFICATION_KEYS.promptVariant, String(index));
  } catch {
    // no storage: always the first
  }
  return index;
}
