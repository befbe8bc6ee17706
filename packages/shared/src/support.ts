import { supportIssueTypeOf } from './supportIssues.ts';
import { isValidEmail } from './validation/auth.ts';

/** Our limit: a long story fits (about three pages), a paste of a log does not. */
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;
/** Requests per hour, per user and per reply-to address (decision 0019). */
export const SUPPORT_REQUESTS_PER_HOUR = 5;
/** The client's abort timeout of POST /api/support/contact (001 §7, §9). */
export const SUPPORT_TIMEOUT_MS = 15_000;

/** The spec's texts of the support form (001 §5, §8) and ours in their voice. */
export const SUPPORT_MESSAGES = {
  issueTypeRequired: 'Пожалуйста, выберите тип проблемы',
  emailRequired: 'Email обязателен',
  emailInvalid: 'Пожалуйста, введите корректный email',
  messageRequired: 'Пожалуйста, опишите вашу проблему',
  messageTooLong: `Сообщение должно быть не длиннее ${SUPPORT_MESSAGE_MAX_LENGTH} символов`,
  success: 'Ваше сообщение отправлено. Мы свяжемся с вами в ближайшее время.',
  failure: 'Не удалось отправить сообщение. Пожалуйста, попробуйте позже или напишите нам напрямую.',
  /** `{email}`: the brand's support address. */
  timeout: 'Превышено время ожидания. Пожалуйста, попробуйте позже или напишите нам напрямую на {email}',
  unknown: 'Неизвестная ошибка',
  /** 429; `{email}`: the brand's support address. */
  tooMany:
    'Слишком много обращений за час. Пожалуйста, попробуйте позже или напишите нам напрямую на {email}',
} as const;

export interface SupportContactInput {
  issue_type: string;
  email: string;
  message: string;
}

/** The first failing rule in the spec's order (001 §5), then our length limit; null when valid. Form and server. */
export function validateSupportContact(input: SupportContactInput): string | null {
  if (!supportIssueTypeOf(input.issue_type.trim())) return SUPPORT_MESSAGES.issueTypeRequired;
  const email = input.email.trim();
  if (!email) return SUPPORT_MESSAGES.emailRequired;
  if (/\s/.test(email) || !isValidEmail(email)) return SUPPORT_MESSAGES.emailInvalid;
  const message = input.message.trim();
  if (!message) return SUPPORT_MESSAGES.messageRequired;
  if (message.length > SUPPORT_MESSAGE_MAX_LENGTH) return SUPPORT_MESSAGES.messageTooLong;
  return null;
}
