import type { ChatRow, UserRow } from '../../../db/schema/index.ts';
import type { SafetyEntry } from '../../safety/input.ts';
import type { SafetyRefusal } from '../../safety/safety.service.ts';
import type { HistoryRow, MessagesRepository } from '../messages.repository.ts';
import { nextSafetyRefusal } from '../messages.texts.ts';
import type { CheckedMessage } from './admit.ts';
import type { ReplySink, SendOutcome } from './outcome.ts';

/** How many of the user's earlier turns a check reads with the new message ("тебе 14", then "разденься"). */
export const SAFETY_CONTEXT_TURNS = 3;

/**
 * The user's last turns before the new message, oldest first: text they wrote, not refused (a refused
 * message is not context, or every message after it would be refused too).
 */
export function safetyContext(history: readonly HistoryRow[], newMessageId?: string): string[] {
  return history
    .filter((row) => row.isUser && row.messageType === 'text' && !row.refused && row.id !== newMessageId)
    .map((row) => row.content.trim())
    .filter(Boolean)
    .slice(-SAFETY_CONTEXT_TURNS);
}

/** Where a chat message's text entered: with a photo it is the photo's caption. */
export function chatEntry(withPhoto: boolean): SafetyEntry {
  return withPhoto ? 'upload_caption' : 'chat';
}

/**
 * A message the safety check refused (a minor, a real person, an undressed photo). Decision: it is kept
 * (nothing the user sent is lost), marked `metadata.refused` so it is never context again, and answered
 * in character without calling the model; it does not use up the daily allowance.
 */
export async function answerUnsafe(
  repo: MessagesRepository,
  user: UserRow,
  chat: ChatRow,
  message: CheckedMessage,
  safety: SafetyRefusal,
  sink: ReplySink,
): Promise<SendOutcome> {
  const userMessage = await repo.insert({
    chatId: chat.id,
    userId: user.id,
    content: message.content,
    isUser: true,
    imagePath: message.imagePath,
    metadata: { refused: safety.reason },
  });
  sink.ack(userMessage);
  const reply = await repo.insert({
    chatId: chat.id,
    userId: user.id,
    content: nextSafetyRefusal(await repo.lastRefusal(chat.id)),
    isUser: false,
    metadata: { refused: safety.reason },
  });
  return { kind: 'refused', userMessage, reply, detail: safety.detail };
}
