import type { ChatRow, UserRow } from '../../../db/schema/index.ts';
import type { SafetyResult } from '../../safety/safety.ts';
import type { MessagesRepository } from '../messages.repository.ts';
import { MESSAGE_TEXTS } from '../messages.texts.ts';
import type { CheckedMessage } from './admit.ts';
import type { ReplySink, SendOutcome } from './outcome.ts';

/**
 * A message the safety check refused (a minor, a real person). Decision: it is kept (nothing the user
 * sent is lost) and answered in character without calling the model; it does not use up the daily
 * allowance.
 */
export async function answerUnsafe(
  repo: MessagesRepository,
  user: UserRow,
  chat: ChatRow,
  message: CheckedMessage,
  safety: Extract<SafetyResult, { ok: false }>,
  sink: ReplySink,
): Promise<SendOutcome> {
  const userMessage = await repo.insert({
    chatId: chat.id,
    userId: user.id,
    content: message.content,
    isUser: true,
    imagePath: message.imagePath,
  });
  sink.ack(userMessage);
  const reply = await repo.insert({
    chatId: chat.id,
    userId: user.id,
    content: MESSAGE_TEXTS.safetyRefusal,
    isUser: false,
    metadata: { refused: safety.reason },
  });
  return { kind: 'refused', userMessage, reply, detail: safety.detail };
}
