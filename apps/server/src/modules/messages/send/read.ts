import type { CharacterRow, ChatRow, UserRow } from '../../../db/schema/index.ts';
import { sessionUser } from '../../auth/auth.service.ts';
import type { SessionClaims } from '../../auth/session-tokens.ts';
import type { LimitsService } from '../../limits/limits.service.ts';
import type { ChatContext } from '../../safety/conversation.ts';
import type { SafetyEntry } from '../../safety/input.ts';
import type { GuardVerdict, SafetyService, SafetyVerdict } from '../../safety/safety.service.ts';
import type { ChatWithCharacter, HistoryRow, MessagesRepository } from '../messages.repository.ts';
import { characterOf, chatIdOrNull, ownerCheck } from '../owned-chat.ts';
import type { SendGate } from './admit.ts';
import { chatContext, chatEntry } from './unsafe.ts';

/**
 * What the socket's read found: the session's user, her chat as the prompt needs it, the safety verdict
 * and the chat's safety context it was judged in (its recent turns and scene).
 */
export interface SessionChat {
  user: UserRow;
  owned: ChatWithCharacter;
  safety: SafetyVerdict;
  /** The guard model's verdict, to come (read while her reply streams). */
  guard?: Promise<GuardVerdict> | undefined;
  context: ChatContext;
  /** The entry point the text was judged at (a photo request is judged as one). */
  entry: SafetyEntry;
}

/**
 * The socket's first step: the session's user and the chat with her companion, the prompt's history and
 * today's count, read in one trip; the send throttle is asked, and the message read by the safety rules,
 * while that trip is on its way (DESIGN §8: no wait of its own). The safety check reads the text with the user's last turns, which come with the
 * chat: the rules add no trip (a refusal adds one, to count it), the moderation port, when configured,
 * its own call. A failed session wins over a missing chat, so a stranger learns nothing about chat ids.
 */
export async function readSessionChat(
  deps: { repo: MessagesRepository; limits: LimitsService; safety: SafetyService },
  gate: SendGate,
  claims: SessionClaims,
  chatId: string,
  content: string,
  entry: SafetyEntry,
): Promise<SessionChat> {
  const reading = deps.repo.findUserWithChat(claims.userId, chatIdOrNull(chatId), deps.limits.today());
  reading.catch(() => {});
  const admitting = gate.admit(claims.userId);
  admitting.catch(() => {});
  // The message is read by the rules while the trip is on its way; the check after it finds it read.
  deps.safety.readAhead(content);
  const found = await reading;
  const user = sessionUser(found?.user, claims);
  ownerCheck(user, found?.owned?.chat);
  await admitting;
  const owned = found?.owned as ChatWithCharacter;
  const context = chatContext(owned.history ?? [], owned.chat);
  const judged = entry === 'chat' ? chatEntry(false, content) : entry;
  const { verdict: safety, guard } = await deps.safety.checkTurn(user.id, {
    text: content.trim(),
    entry: judged,
    turns: context.turns,
    scene: context.scene,
  });
  return { user, owned, safety, guard, context, entry: judged };
}

/**
 * What the prompt needs (her companion, the history): already read with the chat (the socket), or read
 * now, while the message is counted and stored (REST). Awaited only once the message is stored.
 */
export function promptReads(
  repo: MessagesRepository,
  chat: ChatRow,
  owned: ChatWithCharacter | undefined,
): Promise<[CharacterRow, HistoryRow[]]> {
  const reads: Promise<[CharacterRow, HistoryRow[]]> =
    owned?.character && owned.history
      ? Promise.resolve([owned.character, owned.history])
      : Promise.all([owned?.character ?? characterOf(repo, chat), repo.recent(chat.id)]);
  reads.catch(() => {});
  return reads;
}
