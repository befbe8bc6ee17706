import type { ChatRow, UserRow } from '../../../db/schema/index.ts';
import type { Logger } from '../../../logger.ts';
import type { StoragePort } from '../../../providers/storage/port.ts';
import type { VisionPort } from '../../../providers/vision/port.ts';
import type { ConsumedWith, ConsumeResult, LimitsService } from '../../limits/limits.service.ts';
import { type ChatImage, withImageDescription } from '../chat-images.ts';
import type { MessagesRepository, StoredTurn } from '../messages.repository.ts';
import { MESSAGE_TEXTS, rateLimitText } from '../messages.texts.ts';
import type { CheckedMessage } from './admit.ts';
import type { SendOutcome } from './outcome.ts';

/**
 * Step 2, count and store: the message is taken from today's allowance and stored together with her
 * reply's row (empty, streaming, charged to the day): never stored uncounted, never counted unstored,
 * and a crash mid-reply leaves a row to recover (decision 0007). Refused by the allowance: `ok: false`,
 * nothing stored.
 */

/** Used when the vision service fails: the message still goes through. */
const UNDESCRIBED_IMAGE = 'пользователь прислал фотографию';

/** A text message: counted and stored in one statement and one commit (one round trip). */
export function countAndStore(
  deps: { limits: LimitsService; repo: MessagesRepository },
  user: UserRow,
  chat: ChatRow,
  message: CheckedMessage,
): Promise<ConsumedWith<StoredTurn>> {
  const values = { chatId: chat.id, userId: user.id, content: message.content, imagePath: message.imagePath };
  return deps.limits.consumeMessageWith(user, (usage) => deps.repo.insertTurn(values, { usage }));
}

/**
 * A photo message: the allowance is taken first, then the photo stored and described, then the message
 * (with the description) and her reply's row stored; a failure on the way gives the allowance back.
 */
export async function storePhotoTurn(
  deps: {
    limits: Pick<LimitsService, 'consumeMessage' | 'release'>;
    repo: Pick<MessagesRepository, 'insertTurn'>;
    storage: Pick<StoragePort, 'put'>;
    vision: Pick<VisionPort, 'analyze'>;
    log: Logger;
  },
  user: UserRow,
  chat: Pick<ChatRow, 'id'>,
  message: CheckedMessage,
  image: ChatImage,
  signal: AbortSignal | undefined,
): Promise<ConsumedWith<StoredTurn>> {
  const allowance = await deps.limits.consumeMessage(user);
  if (!allowance.ok) return allowance;
  try {
    await deps.storage.put(image.name, image.bytes, image.contentType);
    const description = await describe(deps, image, signal);
    const values = {
      chatId: chat.id,
      userId: user.id,
      content: withImageDescription(message.content, description),
      imagePath: image.name,
    };
    const stored = await deps.repo.insertTurn(values, { day: allowance.day });
    if (!stored) throw new Error('insert returned no row');
    return { ok: true, day: allowance.day, stored };
  } catch (error) {
    await deps.limits.release(user.id, allowance.day, 'messages');
    throw error;
  }
}

async function describe(
  deps: { vision: Pick<VisionPort, 'analyze'>; log: Logger },
  image: ChatImage,
  signal: AbortSignal | undefined,
): Promise<string> {
  try {
    const { bytes, contentType } = image.vision;
    return await deps.vision.analyze({ image: bytes, contentType, ...(signal ? { signal } : {}) });
  } catch (error) {
    deps.log.warn({ err: error }, 'image analysis failed');
    return UNDESCRIBED_IMAGE;
  }
}

/**
 * The daily limit is reached: the chat's rate-limit card for this window (one per chat and window:
 * later refusals the same day update it and name its id) and the payload of the `rate_limit` event.
 */
export async function rateLimited(
  repo: MessagesRepository,
  user: UserRow,
  chat: ChatRow,
  refusal: Extract<ConsumeResult, { ok: false }>,
  /** Her photos or videos (issue 14): the card speaks of them, one per chat and day beside the messages'. */
  allowance?: { limitType: 'photos' | 'videos'; text: string },
): Promise<SendOutcome> {
  const metadata = {
    show_upgrade_button: refusal.tier !== 'vip',
    tier: refusal.tier,
    reset_hours: refusal.reset.hours,
    reset_minutes: refusal.reset.minutes,
    ...(allowance ? { limit_type: allowance.limitType } : {}),
  };
  const text = allowance ? allowance.text : rateLimitText(refusal.reset);
  const message = await repo.upsertRateLimitCard({
    chatId: chat.id,
    userId: user.id,
    content: text,
    metadata: { ...metadata, limit_day: allowance ? `${allowance.limitType}:${refusal.day}` : refusal.day },
  });
  return {
    kind: 'rate_limited',
    message,
    payload: {
      id: message.id,
      content: text,
      message: allowance ? text : MESSAGE_TEXTS.rateLimitDetail,
      metadata,
      limit_type: allowance ? allowance.limitType : 'messages',
      remaining: 0,
      reset_hours: refusal.reset.hours,
      reset_minutes: refusal.reset.minutes,
      user_type: refusal.tier,
      chat_id: chat.id,
    },
  };
}
