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
