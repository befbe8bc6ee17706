/** The notification types of 001 §3, in the spec's order. */
export const NOTIFICATION_TYPES = [
  'new_message',
  'character_created',
  'subscription_expired',
  'subscription_renewed',
  'payment_success',
  'payment_failed',
  'email_verified',
  'system',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The JSON a Web Push message carries to the service worker (issue 12): the server's push sender writes
 * it, `apps/web/src/sw.ts` shows it and opens `url` when the notification is clicked.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** Same-origin path to open on click, e.g. `/chat/{character_id}`; `/` when absent. */
  url?: string;
  /** Collapses repeats: a newer push with the same tag replaces the shown one. */
  tag?: string;
  notification_id?: string;
  type?: NotificationType | 'test';
}

/** 001 §9 numbers of the bell and the push permission flow. */
export const NOTIFICATIONS = {
  /** The push permission dialog is offered again this long after it was shown or declined. */
  reaskMs: 7 * 24 * 60 * 60 * 1000,
  /** Above this the badge reads '99+'. */
  badgeCap: 99,
  /** The permission dialog's success message closes it after this long. */
  successCloseMs: 1000,
  /** The permission dialog rotates among this many title/text pairs (PUSH_PROMPTS). */
  promptCount: 3,
} as const;

/** 001 §3 "notification_*" local keys of the permission flow. */
export const NOTIFICATION_KEYS = {
  /** When the permission dialog was last shown (ms since epoch). */
  promptShownAt: 'notification_prompt_shown_at',
  /** When the user last declined it ("Не сейчас"). */
  deniedAt: 'notification_permission_denied_at',
  /** Which of the three texts was shown last (they rotate). */
  promptVariant: 'notification_prompt_variant',
  /** The newest notification's time when the list was cleared on this device. */
  clearedAt: 'notification_cleared_at',
} as const;
