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
  /** "Continue" of a reply that is not cut short any more, or not the chat's newest (issue 17). */
  continueGone: 'Этот ответ уже нельзя продолжить.',
  /** In character: the companion declines, the user keeps chatting. */
  safetyRefusal:
    'Давай не будем об этом. Я общаюсь только о взрослых и вымышленных людях. Расскажи лучше, как у тебя дела?',
} as const;

/**
 * Her calm in-character answers to a refused message or a cut reply, never the user's words. Several,
 * so two refusals in a row read as her talking, not a machine — and so the chat's duplicate rule (equal
 * text from the same sender within 5 s, 000 §4) never swallows the second one.
 */
export const SAFETY_REFUSALS = [
  MESSAGE_TEXTS.safetyRefusal,
  'Нет, об этом я говорить не буду. Я взрослая, и общаемся мы только о взрослых и вымышленных людях. Давай сменим тему?',
  'Стоп, это не для меня. Такие темы я не обсуждаю — давай лучше о нас с тобой, о взрослых.',
  'Я откажусь, не обижайся. Давай поговорим о чём-нибудь другом — как прошёл твой день?',
] as const;

/** The refusal to answer with now: another one than her last refusal in this chat. */
export function nextSafetyRefusal(lastRefusal: string | undefined): string {
  const index = (SAFETY_REFUSALS as readonly string[]).indexOf(lastRefusal ?? '');
  return SAFETY_REFUSALS[(index + 1) % SAFETY_REFUSALS.length] ?? MESSAGE_TEXTS.safetyRefusal;
}

/** The text of the chat's rate-limit card: when the daily limit renews. */
export function rateLimitText(reset: { hours: number; minutes: number }): string {
  return `Ты исчерпал дневной лимит сообщений. Лимит обновится через ${reset.hours} ч ${reset.minutes} мин.`;
}
