import { MESSAGE_TOO_LONG, RATE_LIMIT_DETAIL } from '@podruga/shared';

/** What the messages module says to the user (and the original client's English where it kept it). */
export const MESSAGE_TEXTS = {
  notAuthorized: 'Not authorized to view this chat',
  empty: 'Сообщение не может быть пустым',
  tooLong: MESSAGE_TOO_LONG,
  partialReply: 'Не удалось получить ответ полностью. Попробуйте ещё раз.',
  noReply: 'Не удалось получить ответ. Попробуйте ещё раз.',
  rateLimitDetail: RATE_LIMIT_DETAIL,
  /** The per-user send throttle (not the daily limit): nothing was stored. */
  throttled: 'Слишком много сообщений подряд. Подождите несколько секунд и отправьте снова.',
  /** A graceful restart (a deploy) has begun: the client sends again after reconnecting. */
  shuttingDown: 'Сервер перезапускается. Отправьте сообщение ещё раз через несколько секунд.',
  /** `image_path` that is not media this user stored. */
  foreignImage: 'Можно прикрепить только свою фотографию, отправленную в чат, или портрет своей подруги',
  /** In character: the companion declines, the user keeps chatting. */
  safetyRefusal:
    'Давай не будем об этом. Я общаюсь только о взрослых и вымышленных людях. Расскажи лучше, как у тебя дела?',
} as const;

/** The text of the chat's rate-limit card: when the daily limit renews. */
export function rateLimitText(reset: { hours: number; minutes: number }): string {
  return `Ты исчерпал дневной лимит сообщений. Лимит обновится через ${reset.hours} ч ${reset.minutes} мин.`;
}
