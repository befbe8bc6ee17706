import type { Message, MessageLimits, RateLimitPayload } from '@podruga/shared';
import { isApiError } from '../../shared/api/index.ts';
import type { ChatApi } from './api.ts';
import { IMAGE_TEXTS, validateImageFile } from './image.ts';
import { onPremiumFeature } from './mediaDialogs.ts';
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
  api: Pick<ChatApi, 'messageLimits'>,
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
 * goes over the socket, and over HTTP when the socket is not ready within 10 s (a socket coming back
 * from a restart meanwhile still takes it). Sent even when the limit is reached, so the server answers
 * with the limit card. When neither takes it, it is marked as not sent.
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
    // The socket's premium_feature on the REST path (a video asked for below Plus): the preview dialog.
    if (answer?.premium_feature) onPremiumFeature(answer.premium_feature);
  } catch (error) {
    store.getState().setTyping(false);
    if (isApiError(error) && error.status === 429 && error.code !== 'send_throttled') {
      const limit = await rateLimitFrom429(error.extra, chatId, api);
      if (limit && 'message_type' in limit) store.getState().receive(limit);
      else if (limit) store.getState().rateLimit({ ...limit, client_id: clientId });
      return;
    }
    // Neither the socket nor HTTP took it (the server is down: a deploy; or too many in a row): it stays,
    // marked as not sent.
    store.getState().markFailed(clientId);
    deps.notifyError(isApiError(error) && error.code === 'send_throttled' ? error.detail : SEND_FAILED);
  }
}

export interface SendImageDeps {
  store: ChatStore;
  socket: Pick<ChatSocket, 'sendImage'> | null;
  api: Pick<ChatApi, 'analyzeImage' | 'messageLimits'>;
  notifyError: (text: string) => void;
  /** The instant preview (URL.createObjectURL in the app). */
  previewUrl: (file: Blob) => string;
  /** The file as base64 (a data: URL; FileReader in the app). */
  readBase64: (file: Blob) => Promise<string>;
}

export type ImageSendOutcome = 'invalid' | 'socket' | 'http' | 'rate_limited' | 'failed';

/**
 * 000 §4 "Image send": the photo shows at once (its preview URL) with the caption, goes over the socket as
 * base64 and, when the socket is not ready or no `ack` comes within 5 s, is uploaded to
 * POST /api/analyze_image, whose `response` becomes the companion's reply. A failure shows
 * «Ошибка отправки изображения» and marks the message as failed.
 */
export async function sendImage(
  deps: SendImageDeps,
  chatId: string,
  file: File,
  caption: string,
): Promise<ImageSendOutcome> {
  const invalid = validateImageFile(file);
  if (invalid) {
    deps.notifyError(invalid);
    return 'invalid';
  }
  const { store, socket, api } = deps;
  const content = caption.trim();
  const clientId = store.getState().addOptimistic(content, deps.previewUrl(file));
  if (socket) {
    let imageData: string | null = null;
    try {
      imageData = await deps.readBase64(file);
    } catch {
      imageData = null;
    }
    if (
      imageData &&
      (await socket.sendImage({
        content,
        image_data: imageData,
        current_chat_id: chatId,
        client_id: clientId,
      }))
    ) {
      return 'socket';
    }
  }
  try {
    const answer = await api.analyzeImage(chatId, file, file.name, content);
    store.getState().confirm(clientId);
    if (answer.response) store.getState().addLocalAssistant(answer.response);
    store.getState().setTyping(false);
    return 'http';
  } catch (error) {
    store.getState().setTyping(false);
    if (isApiError(error) && error.status === 429 && error.code !== 'send_throttled') {
      store.getState().confirm(clientId);
      const limit = await rateLimitFrom429(error.extra, chatId, api);
      if (limit && 'message_type' in limit) store.getState().receive(limit);
      else if (limit) store.getState().rateLimit(limit);
      return 'rate_limited';
    }
    store.getState().markFailed(clientId);
    deps.notifyError(
      isApiError(error) && error.code === 'send_throttled' ? error.detail : IMAGE_TEXTS.sendFailed,
    );
    return 'failed';
  }
}
