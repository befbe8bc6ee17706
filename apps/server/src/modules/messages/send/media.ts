import { TIER_LIMITS } from '@podruga/shared';
import type { ChatRow, UserRow } from '../../../db/schema/index.ts';
import type { MediaIntent } from '../../../providers/intent/port.ts';
import type { ConsumedWith, ConsumeResult, LimitsService } from '../../limits/limits.service.ts';
import type { HerMediaService } from '../her-media/her-media.service.ts';
import { mediaLimitText } from '../her-media/her-media.service.ts';
import { HER_MEDIA_SERVER_TEXTS, pickLine } from '../her-media/her-media.texts.ts';
import type { MessagesRepository, StoredTurn } from '../messages.repository.ts';
import type { CheckedMessage } from './admit.ts';
import type { ReplySink, SendOutcome } from './outcome.ts';
import { rateLimited } from './store.ts';
import { answerUnsafe } from './unsafe.ts';

/**
 * A message that asks her for a photo or video of herself (issue 14), after the safety check let it
 * through. A video below Plus: the message counts and is stored with her short answer, and the client
 * hears `premium_feature`. Otherwise the photo or video is taken from today's allowance (refused: the
 * chat's card for it, nothing stored), then the message is counted and stored with her placeholder
 * reply in one statement, and the job that makes the media is queued.
 */
export async function requestMedia(
  deps: { repo: MessagesRepository; limits: LimitsService; media: HerMediaService },
  user: UserRow,
  chat: ChatRow,
  message: CheckedMessage,
  intent: MediaIntent,
  sink: ReplySink,
): Promise<SendOutcome> {
  const { repo, limits, media } = deps;
  // A scene that would make her younger is refused like any unsafe message: kept, answered in character.
  const refusal = await media.sceneRefusal(user.id, intent);
  if (refusal) return answerUnsafe(repo, user, chat, message, refusal, sink);
  const values = { chatId: chat.id, userId: user.id, content: message.content, imagePath: null };
  const tier = limits.tier(user);
  const n = Date.now();
  if (intent.kind === 'video' && TIER_LIMITS[tier].videosPerDay === 0) {
    const premium = {
      content: pickLine(HER_MEDIA_SERVER_TEXTS.premiumVideo, n),
      messageType: 'text',
      metadata: { premium_feature: 'video' },
    };
    const counted = await limits.consumeMessageWith(user, (usage) =>
      repo.insertTurn(values, { usage }, premium),
    );
    if (!counted.ok) return rateLimited(repo, user, chat, counted);
    sink.ack(counted.stored.userMessage);
    return { kind: 'premium', feature: 'video', ...counted.stored };
  }

  const allowance = await media.consume(user, intent.kind);
  if (!allowance.ok) return mediaLimited(repo, user, chat, intent.kind, allowance);
  const placeholder = media.placeholder(intent, message.content, tier, allowance.day, n);
  let counted: ConsumedWith<StoredTurn>;
  try {
    counted = await limits.consumeMessageWith(user, (usage) =>
      repo.insertTurn(values, { usage }, placeholder),
    );
  } catch (error) {
    await media.release(user.id, intent.kind, allowance.day);
    throw error;
  }
  if (!counted.ok) {
    await media.release(user.id, intent.kind, allowance.day);
    return rateLimited(repo, user, chat, counted);
  }
  const { userMessage, reply } = counted.stored;
  sink.ack(userMessage);
  await media.start(reply);
  return { kind: 'media', userMessage, reply };
}

/** The day's photos or videos are used up: the chat's card for them (one per chat and day). */
async function mediaLimited(
  repo: MessagesRepository,
  user: UserRow,
  chat: ChatRow,
  kind: MediaIntent['kind'],
  refusal: Extract<ConsumeResult, { ok: false }>,
): Promise<SendOutcome> {
  const limitType = kind === 'photo' ? 'photos' : 'videos';
  return rateLimited(repo, user, chat, refusal, { limitType, text: mediaLimitText(kind, refusal.reset) });
}
