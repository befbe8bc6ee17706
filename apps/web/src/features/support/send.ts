import { SUPPORT_MESSAGES, SUPPORT_TIMEOUT_MS, type SupportContactBody } from '@podruga/shared';
import { isApiError } from '../../shared/api/index.ts';
import { supportApi } from './api.ts';

export type SendOutcome = { ok: true } | { ok: false; text: string };

/**
 * Sends the form with the spec's 15 s abort timeout (001 §7, §9) and turns every way it can end into
 * the text the spec gives it (001 §8): success; the timeout with the brand's address; the server's
 * own message; an answer that is not a success, 'Неизвестная ошибка'; anything else, the failure text.
 */
export async function sendSupportRequest(
  body: SupportContactBody,
  supportEmail: string,
  timeoutMs = SUPPORT_TIMEOUT_MS,
): Promise<SendOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const answer = await supportApi.contact(body, controller.signal);
    if (answer && typeof answer === 'object' && answer.status === 'success') return { ok: true };
    const message = answer && typeof answer === 'object' ? (answer as { message?: unknown }).message : null;
    return {
      ok: false,
      text: typeof message === 'string' && message.trim() ? message : SUPPORT_MESSAGES.unknown,
    };
  } catch (error) {
    if (controller.signal.aborted) {
      return { ok: false, text: SUPPORT_MESSAGES.timeout.replace('{email}', supportEmail) };
    }
    if (isApiError(error) && error.hasServerDetail) return { ok: false, text: error.detail };
    return { ok: false, text: SUPPORT_MESSAGES.failure };
  } finally {
    clearTimeout(timer);
  }
}
