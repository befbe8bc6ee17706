import type { ChatRow, UserRow } from '../../../db/schema/index.ts';
import { mightBeMediaRequest } from '../../../providers/intent/rules.ts';
import { type ChatContext, replay, TURN_WINDOW } from '../../safety/conversation.ts';
import type { SafetyEntry } from '../../safety/input.ts';
import type { SafetyRefusal } from '../../safety/safety.service.ts';
import { EMPTY_SCENE, parseScene, type SceneState } from '../../safety/scene.ts';
import type { SafetyTurn } from '../../safety/turns.ts';
import type { HistoryRow, MessagesRepository } from '../messages.repository.ts';
import { nextSafetyRefusal } from '../messages.texts.ts';
import type { CheckedMessage } from './admit.ts';
import type { ReplySink, SendOutcome } from './outcome.ts';

/**
 * The chat's recent turns as the safety checks read them, oldest first: text either of them wrote, not
 * refused (a refused message is not context, or every message after it would be refused too).
 */
export function safetyTurns(history: readonly HistoryRow[], newMessageId?: string): SafetyTurn[] {
  const turns: SafetyTurn[] = [];
  for (const row of history) {
    if (row.messageType !== 'text' || row.refused || row.id === newMessageId) continue;
    const text = row.content.trim();
    if (text) turns.push({ role: row.isUser ? 'user' : 'assistant', text });
  }
  return turns.slice(-TURN_WINDOW);
}

/**
 * A chat's safety context (issue 27): its recent turns and its scene. A chat whose scene was never
 * stored (made before the scene existed) has it rebuilt from its recent turns.
 */
export function chatContext(history: readonly HistoryRow[], chat: Pick<ChatRow, 'safetyScene'>): ChatContext {
  const turns = safetyTurns(history);
  if (chat.safetyScene != null) return { turns, scene: parseScene(chat.safetyScene) };
  // A new chat has nothing to rebuild: its scene is stored when a turn first sets someone up.
  if (turns.length === 0) return { turns, scene: EMPTY_SCENE };
  // Rebuilt once: the scene is then stored (even empty), so the chat is not replayed again.
  return { turns, scene: replay(turns).scene, unsaved: true };
}

/**
 * Where a chat message's text entered: with a photo it is the photo's caption; a request for a photo or
 * video of her is judged as one (the stricter rules of what depicts her).
 */
export function chatEntry(withPhoto: boolean, text = ''): SafetyEntry {
  if (withPhoto) return 'upload_caption';
  return mightBeMediaRequest(text) ? 'image_request' : 'chat';
}

/** Stores the chat's scene when a turn changed it (most turns do not: no write). */
export async function keepScene(
  repo: Pick<MessagesRepository, 'saveScene'>,
  chat: Pick<ChatRow, 'id'>,
  before: SceneState | undefined,
  after: SceneState,
): Promise<void> {
  if (after !== before) await repo.saveScene(chat.id, after);
}

/** The scene as stored before a send: undefined when it was never stored (it is written then). */
export function storedScene(context: ChatContext): SceneState | undefined {
  return context.unsaved ? undefined : context.scene;
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
