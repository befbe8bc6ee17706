import type { ChatRow, MessageRow } from '../../../db/schema/index.ts';
import type { Logger } from '../../../logger.ts';
import type { LiveReply } from '../live-replies.ts';
import type { MessagesRepository } from '../messages.repository.ts';
import { nextSafetyRefusal } from '../messages.texts.ts';
import type { SendOutcome } from './outcome.ts';
import type { Relayed } from './reply.ts';

/**
 * Step 4, finish: one UPDATE of her reply's row with the text the user was sent — whole, or cut short
 * (`partial` when the model failed, `interrupted` when the server shut down) — or, when nothing at all
 * reached the user, the row removed and the message given back to the day's allowance (one statement).
 * A reply the safety check cut is stored as her in-character refusal with `metadata.refused`, never
 * with the text that was streamed.
 */
export async function finish(
  deps: {
    repo: Pick<MessagesRepository, 'finishReply' | 'discardReply' | 'insert' | 'lastRefusal'>;
    log: Logger;
  },
  live: LiveReply,
  relayed: Relayed,
  chat: Pick<ChatRow, 'id'>,
  userMessage: MessageRow,
): Promise<SendOutcome> {
  let text = live.sent;
  let metadata: Record<string, unknown> | undefined;
  if (relayed.ok && relayed.refused) {
    text = nextSafetyRefusal(await deps.repo.lastRefusal(chat.id));
    metadata = { refused: relayed.refused.reason };
  }
  if (!relayed.ok) {
    const { error } = relayed;
    deps.log.warn({ err: error, chatId: chat.id, kind: error.kind }, 'chat reply failed');
    if (!text.trim()) {
      await deps.repo.discardReply(live.id);
      return { kind: 'failed', userMessage, reply: null, error };
    }
    metadata = relayed.interrupted ? { interrupted: true } : { partial: true };
  }
  // Stored anew in the rare case its row was recovered away meanwhile (an instance thought this one dead).
  const reply =
    (await deps.repo.finishReply(live.id, text, metadata)) ??
    (await deps.repo.insert({
      chatId: chat.id,
      userId: userMessage.userId,
      content: text,
      isUser: false,
      ...(metadata ? { metadata } : {}),
    }));
  if (!relayed.ok) return { kind: 'failed', userMessage, reply, error: relayed.error };
  return relayed.refused ? { kind: 'cut', userMessage, reply } : { kind: 'replied', userMessage, reply };
}
