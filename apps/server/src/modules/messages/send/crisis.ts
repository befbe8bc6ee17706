import type { ChatRow, MessageRow, UserRow } from '../../../db/schema/index.ts';
import type { CrisisVerdict } from '../../safety/crisis.ts';
import type { SafetyEntry } from '../../safety/input.ts';
import type { SafetyLayer, SafetyService } from '../../safety/safety.service.ts';
import type { MessagesRepository } from '../messages.repository.ts';
import type { CheckedMessage } from './admit.ts';
import type { ReplySink, SendOutcome } from './outcome.ts';

/**
 * The crisis protocol in a chat (issue 27): a message that expresses suicidal ideation or self-harm is
 * answered before anything else — before the refusal rules, before the model — by her reply that steps
 * out of the role-play with the help lines (`metadata.crisis`, `crisis_lines`). The user's message is
 * kept and stays context (the next turns read it); neither is charged to the day's allowance; the
 * referral is counted without any user identifier.
 */
export async function answerCrisis(
  deps: { repo: Pick<MessagesRepository, 'insert'>; safety: Pick<SafetyService, 'refer'> },
  user: UserRow,
  chat: ChatRow,
  message: CheckedMessage,
  crisis: { verdict: CrisisVerdict; entry: SafetyEntry; layer: SafetyLayer },
  sink: ReplySink,
  companionName: string | undefined,
  brand: string | undefined,
): Promise<SendOutcome> {
  const kind = crisis.verdict.kind ?? 'ideation';
  const userMessage = await deps.repo.insert({
    chatId: chat.id,
    userId: user.id,
    content: message.content,
    isUser: true,
    imagePath: message.imagePath,
    metadata: { crisis: kind },
  });
  sink.ack(userMessage);
  const referral = await deps.safety.refer({
    entry: crisis.entry,
    kind,
    layer: crisis.layer,
    text: message.content,
    companionName,
    brand,
  });
  const reply = await deps.repo.insert({
    chatId: chat.id,
    userId: user.id,
    content: referral.text,
    isUser: false,
    metadata: {
      crisis: true,
      crisis_kind: kind,
      crisis_lines: referral.lines,
      crisis_country: referral.country,
    },
  });
  return { kind: 'crisis', userMessage, reply };
}

/** Her crisis reply as a message row's metadata says it (a reply that replaced a streamed one too). */
export function isCrisisReply(row: Pick<MessageRow, 'metadata'>): boolean {
  return row.metadata?.crisis === true;
}
