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

/** 001 §4 / §8 texts of the bell and the push flow. */
export const NOTIFICATION_MESSAGES = {
  allRead: 'Все уведомления прочитаны',
  cleared: 'Уведомления очищены',
  chatOpenFailed: 'Не удалось открыть чат. Попробуйте еще раз.',
  enabledDialog: 'Уведомления успешно включены!',
  enabled: 'Уведомления успешно включены',
  blocked: 'Уведомления заблокированы. Вы можете включить их в настройках браузера.',
  blockedProfile: 'Уведомления заблокированы. Пожалуйста, разрешите их в настройках браузера.',
  enableFailed: 'Не удалось включить уведомления. Пожалуйста, попробуйте еще раз.',
  enableFailedProfile: (reason: string) => `Не удалось включить уведомления: ${reason}`,
  testSent: 'Тестовое уведомление отправлено',
  testFailed: 'Не удалось отправить тестовое уведомление',
} as const;

/** 001 §8 push service errors (the spec keeps them in English: they are the reasons shown after «:»). */
export const PUSH_ERRORS = {
  unsupported: 'Push notifications are not supported in this browser',
  notGranted: 'Notification permission not granted',
  blocked: 'Notifications are blocked',
  permissionNotGranted: 'Permission not granted',
} as const;

/** The three title/text pairs the permission dialog rotates among (001 §2). */
export const PUSH_PROMPTS = [
  {
    title: 'Не пропусти её сообщения',
    text: 'Разреши уведомления — и узнаешь сразу, когда подруга ответит, даже если вкладка закрыта.',
  },
  {
    title: 'Она скучает, когда тебя нет',
    text: 'Включи уведомления: подруга напишет тебе, как только у неё будет что сказать.',
  },
  {
    title: 'Будь на связи',
    text: 'Уведомления расскажут о новых сообщениях и важных событиях твоего аккаунта. Никакого спама.',
  },
] as const;
