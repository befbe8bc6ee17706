import { claimsHuman, FALLBACK_FIRST_MESSAGE, withAiIntro } from '@podruga/shared';
import type { CharacterRow, ChatRow, MessageRow, UserRow } from '../../db/schema/index.ts';
import { errors } from '../../errors.ts';
import { isUuid } from '../../validation.ts';
import type { SessionClaims } from '../auth/session-tokens.ts';
import type { SafetyEntry } from '../safety/input.ts';
import type { ChatReplies } from './live-replies.ts';
import type { ChatWithCharacter } from './messages.repository.ts';
import { characterOf, ownedChat } from './owned-chat.ts';
import { buildFirstMessagePrompt, personaOf } from './prompt.ts';
import type { ReplySink, SendInput, SendOutcome } from './send/outcome.ts';
import { type SendDeps, SendPipeline } from './send/pipeline.ts';
import type { SessionChat } from './send/read.ts';

/** The module's texts, where the chat tests have always found them. */
export { MESSAGE_TEXTS } from './messages.texts.ts';

/** Sending, replying, history: the rules shared by the socket and REST paths. */
export class MessagesService {
  private readonly pipeline: SendPipeline;

  constructor(private readonly deps: SendDeps) {
    this.pipeline = new SendPipeline(deps);
  }

  /** 404 for an unknown chat, 403 for another user's (000 §6). */
  ownedChat(user: UserRow, chatId: string): Promise<ChatRow> {
    return ownedChat(this.deps.repo, user, chatId);
  }

  /**
   * The socket's read before a send: the session's user and the chat with her companion in one trip,
   * the throttle and the safety check meanwhile (send/read.ts).
   */
  sessionChat(
    claims: SessionClaims,
    chatId: string,
    content: string,
    entry: SafetyEntry = 'chat',
  ): Promise<SessionChat> {
    return this.pipeline.read(claims, chatId, content, entry);
  }

  /** One user message and her reply: the send pipeline (send/pipeline.ts). */
  send(
    user: UserRow,
    input: SendInput,
    sink?: ReplySink,
    signal?: AbortSignal,
    owned?: ChatWithCharacter,
  ): Promise<SendOutcome> {
    return this.pipeline.send(user, input, sink, signal, owned);
  }

  /**
   * "Continue" her reply cut short (issue 17; send/pipeline.ts). Without `chatId` (REST) the chat is
   * the message's; another user's message is a 404 like an unknown one.
   */
  async continueReply(
    user: UserRow,
    chatId: string | undefined,
    messageId: string,
    sink?: ReplySink,
  ): Promise<SendOutcome> {
    let chat = chatId;
    if (chat === undefined) {
      const owned = await this.ownedMessage(user, messageId);
      if (!owned) throw errors.notFound();
      chat = owned.message.chatId;
    }
    return this.pipeline.continueReply(user, chat, messageId, sink);
  }

  /**
   * The replies being generated in a chat the caller checked is the user's, on any instance, as sent
   * so far; those whose instance died are finished now and returned as `recovered` (issue 17).
   */
  liveReplies(chatId: string): Promise<ChatReplies> {
    return this.deps.live.chat(chatId);
  }

  /** Her companion of a chat the caller checked is the user's (null if the data is inconsistent). */
  async companion(chat: ChatRow): Promise<CharacterRow | null> {
    return (await characterOf(this.deps.repo, chat).catch(() => null)) ?? null;
  }

  /**
   * The chat's messages. A reply still streaming shows as such (`is_streaming`, the text of its last
   * checkpoint); one left streaming by an instance that died is finished first (interrupted, or
   * removed when it had sent nothing).
   */
  async list(user: UserRow, chatId: string): Promise<MessageRow[]> {
    const chat = await this.ownedChat(user, chatId);
    const { repo, live } = this.deps;
    const rows = await repo.list(chat.id);
    if (!rows.some((row) => row.isStreaming && !live.has(row.id))) return rows;
    const recovered = await live.recover(undefined, chat.id);
    return recovered.interrupted + recovered.removed > 0 ? repo.list(chat.id) : rows;
  }

  /**
   * One of the user's messages with her companion (her voice reads it: modules/speech/listen); undefined
   * for an unknown id and for another user's message alike.
   */
  async ownedMessage(
    user: UserRow,
    messageId: string,
  ): Promise<{ message: MessageRow; character: CharacterRow } | undefined> {
    if (!isUuid(messageId)) return undefined;
    return this.deps.repo.findOwnedWithCharacter(messageId, user.id);
  }

  /**
   * The chat's greeting (POST /api/first_message): generated from the persona, the fixed welcome text
   * when that fails. Idempotent: a chat that already has messages gets its first one back. It says she
   * is an AI companion (issue 27): the prompt asks for it, and a greeting that does not say it gets one
   * of her lines for it (`withAiIntro`); one in which she claims to be human is not used.
   */
  async firstMessage(user: UserRow, chatId: string): Promise<MessageRow> {
    const chat = await this.ownedChat(user, chatId);
    const existing = await this.deps.repo.first(chat.id);
    if (existing) return existing;
    const character = await characterOf(this.deps.repo, chat);
    let text = '';
    try {
      for await (const delta of this.deps.llm.stream({
        messages: buildFirstMessagePrompt(character),
        persona: personaOf(character),
      })) {
        text += delta;
      }
    } catch (error) {
      this.deps.log.warn({ err: error, chatId: chat.id }, 'first message generation failed');
      text = '';
    }
    // Her greeting is her reply too: the rules read it (issue 11, layer 3).
    if (!text.trim() || claimsHuman(text) || !this.deps.safety.rules({ text, entry: 'chat' }).ok) {
      text = FALLBACK_FIRST_MESSAGE;
    }
    text = withAiIntro(text, chat.id);
    // Two tabs may ask at once: the second finds the first's greeting.
    const again = await this.deps.repo.first(chat.id);
    if (again) return again;
    return this.deps.repo.insert({ chatId: chat.id, userId: user.id, content: text, isUser: false });
  }
}
