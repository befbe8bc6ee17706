import type { ChatRow, MessageRow } from '../../../db/schema/index.ts';
import type { Logger } from '../../../logger.ts';
import type { CrisisReply } from '../../safety/safety.service.ts';
import type { LiveReply } from '../live-replies.ts';
import type { MessagesRepository } from '../messages.repository.ts';
import { nextSafetyRefusal } from '../messages.texts.ts';
import type { SendOutcome } from './outcome.ts';
import type { Relayed } from './reply.ts';

/**
 * Step 4, finish: one UPDATE of her reply's row with the text the user was sent — whole, or cut short
 * (`partial` when the model failed, `interrupted` when the server shut down; either gives the message
 * back to the day's allowance, and the user may "continue" it) — or, when nothing at all reached the
 * user, the row removed and the message given back (one statement each).
 * A reply the safety check cut is stored as her in-character refusal with `metadata.refused`, never
 * with the text that was streamed.
 */
export async function finish(
  deps: {
    repo: Pick<
      MessagesRepository,
      'finishReply' | 'finishCutShort' | 'discardReply' | 'insert' | 'lastRefusal'
    >;
    log: Logger;
  },
  live: LiveReply,
  relayed: Relayed,
  chat: Pick<ChatRow, 'id' | 'userId'>,
  /** Undefined for a "continue" (issue 17). */
  userMessage: MessageRow | undefined,
  /** Her crisis reply, when the guard read a crisis in the user's turn as her reply streamed (issue 27). */
  crisis?: CrisisReply,
): Promise<SendOutcome> {
  let text = live.sent;
  let metadata: Record<string, unknown> | undefined;
  if (relayed.ok && relayed.refused) {
    text = nextSafetyRefusal(await deps.repo.lastRefusal(chat.id));
    metadata = { refused: relayed.refused.reason };
  }
  if (relayed.ok && relayed.crisis && crisis) {
    text = crisis.text;
    metadata = {
      crisis: true,
      crisis_kind: crisis.kind,
      crisis_lines: crisis.lines,
      crisis_country: crisis.country,
    };
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
  // Cut short, it is not charged: the message goes back to the allowance (a "continue" is charged).
  // Stored anew in the rare case its row was recovered away meanwhile (an instance thought this one dead).
  const reply =
    (await (relayed.ok
      ? deps.repo.finishReply(live.id, text, metadata)
      : deps.repo.finishCutShort(live.id, text, metadata as Record<string, unknown>))) ??
    (await deps.repo.insert({
      chatId: chat.id,
      userId: chat.userId,
      content: text,
      isUser: false,
      ...(metadata ? { metadata } : {}),
    }));
  if (!relayed.ok) return { kind: 'failed', userMessage, reply, error: relayed.error };
  return relayed.refused || relayed.crisis
    ? { kind: 'cut', userMessage, reply }
    : { kind: 'replied', userMessage, reply };
}
