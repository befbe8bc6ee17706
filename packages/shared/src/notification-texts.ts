import type { NOTIFICATIONS } from './notifications.ts';

/**
 * The texts of the bell and the push flow, apart from notifications.ts: the header's first load needs
 * only the numbers and keys there; these belong to the dropdown and the dialogs, which load later.
 */

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

/** The three title/text pairs the permission dialog rotates among (001 §2; NOTIFICATIONS.promptCount). */
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
] as const satisfies readonly unknown[] & { length: typeof NOTIFICATIONS.promptCount };
