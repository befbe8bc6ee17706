import type { Message, MessageLimits, RateLimitPayload } from '@podruga/shared';
import { isApiError } from '../../shared/api/index.ts';
import type { ChatApi } from './api.ts';
import type { ChatSocket } from './socket.ts';
import type { ChatStore } from './store.ts';

/** 000 §8 */
export const SEND_FAILED = 'Ошибка при отправке сообщения';

export interface SendDeps {
  store: ChatStore;
  socket: Pick<ChatSocket, 'sendMessage'> | null;
  api: Pick<ChatApi, 'postMessage' | 'messageLimits'>;
  notifyError: (text: string) => void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The rate-limit card an HTTP 429 carries, or one built from GET /api/user/message-limits. */
async function rateLimitFrom429(
  extra: Readonly<Record<string, unknown>>,
  chatId: string,
  api: SendDeps['api'],
): Promise<RateLimitPayload | Message | null> {
  const body = isRecord(extra.message) && 'message_type' in extra.message ? extra.message : extra;
  if (body.message_type === 'rate_limit' && typeof body.id === 'string') return body as unknown as Message;
  if (isRecord(body.metadata) && typeof body.id === 'string') return body as unknown as RateLimitPayload;
  let limits: MessageLimits;
  try {
    limits = await api.messageLimits();
  } catch {
    return null;
  }
  const { hours, minutes } = limits.reset_time;
  return {
    id: `rate-limit-${Date.now()}`,
    content: typeof body.message === 'string' ? body.message : '',
    metadata: {
      show_upgrade_button: true,
      tier: limits.user_type,
      reset_hours: hours,
      reset_minutes: minutes,
    },
    limit_type: 'messages',
    remaining: limits.remaining,
    reset_hours: hours,
    reset_minutes: minutes,
    user_type: limits.user_type,
    chat_id: chatId,
  };
}

/**
 * 000 §4 "Sending and receiving": blank text is ignored; the message shows at once with a temporary id,
 * goes over the socket, and over HTTP when the socket is not ready within 10 s. Sent even when the limit
 * is reached, so the server answers with the limit card.
 */
export async function sendText(deps: SendDeps, chatId: string, text: string): Promise<void> {
  const content = text.trim();
  if (!content) return;
  const { store, socket, api } = deps;
  const clientId = store.getState().addOptimistic(content);
  const viaSocket = socket
    ? await socket.sendMessage({ content, image_path: null, current_chat_id: chatId, client_id: clientId })
    : false;
  if (viaSocket) return;
  try {
    const answer = await api.postMessage(chatId, content);
    store.getState().receiveHttpReply(clientId, answer?.user_message ?? null, answer?.reply ?? null);
  } catch (error) {
    store.getState().setTyping(false);
    if (isApiError(error) && error.status === 429) {
      const limit = await rateLimitFrom429(error.extra, chatId, api);
      if (limit && 'message_type' in limit) store.getState().receive(limit);
      else if (limit) store.getState().rateLimit(limit);
      return;
    }
    deps.notifyError(SEND_FAILED);
  }
}
