import type { RateLimitPayload } from '@podruga/shared';
import { FALLBACK_FIRST_MESSAGE, RATE_LIMIT_DETAIL } from '@podruga/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CharacterRow, ChatRow, MessageRow, UserRow } from '../../db/schema/index.ts';
import { AppError, errors } from '../../errors.ts';
import { LlmError, type LlmPort } from '../../providers/llm/port.ts';
import type { StoragePort } from '../../providers/storage/port.ts';
import type { VisionPort } from '../../providers/vision/port.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import { checkChatText, checkText } from '../safety/safety.ts';
import { encodeChatImage, withImageDescription } from './chat-images.ts';
import { ChunkCoalescer } from './coalescer.ts';
import type { ChatWithCharacter, MessagesRepository } from './messages.repository.ts';
import { buildFirstMessagePrompt, buildPrompt, personaOf } from './prompt.ts';

export const MESSAGE_TEXTS = {
  notAuthorized: 'Not authorized to view this chat',
  empty: 'Сообщение не может быть пустым',
  tooLong: 'Сообщение слишком длинное (не больше 4000 символов)',
  partialReply: 'Не удалось получить ответ полностью. Попробуйте ещё раз.',
  noReply: 'Не удалось получить ответ. Попробуйте ещё раз.',
  rateLimitDetail: RATE_LIMIT_DETAIL,
  /** In character: the companion declines, the user keeps chatting. */
  safetyRefusal:
    'Давай не будем об этом. Я общаюсь только о взрослых и вымышленных людях. Расскажи лучше, как у тебя дела?',
} as const;

export function rateLimitText(reset: { hours: number; minutes: number }): string {
  return `Ты исчерпал дневной лимит сообщений. Лимит обновится через ${reset.hours} ч ${reset.minutes} мин.`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function ownerCheck(user: UserRow, chat: ChatRow | undefined): ChatRow {
  if (!chat) throw errors.notFound();
  if (chat.userId !== user.id) throw errors.forbidden(MESSAGE_TEXTS.notAuthorized);
  return chat;
}

export interface SendInput {
  chatId: string;
  content: string;
  imagePath?: string | null | undefined;
  /** A photo sent with the message: checked, stored, described by the vision port. */
  image?: Buffer | undefined;
}

/** Used when the vision service fails: the message still goes through. */
export const UNDESCRIBED_IMAGE = 'пользователь прислал фотографию';

/** What a live transport (the socket) hears while a reply is produced. */
export interface ReplySink {
  ack(userMessage: MessageRow): void;
  typingStarted(): void;
  chunk(chunk: string, index: number, isComplete: boolean): void;
}

export type SendOutcome =
  | { kind: 'rate_limited'; message: MessageRow; payload: RateLimitPayload }
  | { kind: 'refused'; userMessage: MessageRow; reply: MessageRow; detail: string }
  | { kind: 'replied'; userMessage: MessageRow; reply: MessageRow }
  /** The upstream failed; `reply` holds the partial text when there was any. */
  | { kind: 'failed'; userMessage: MessageRow; reply: MessageRow | null; error: LlmError };

const silentSink: ReplySink = { ack: () => {}, typingStarted: () => {}, chunk: () => {} };

export interface MessagesServiceDeps {
  repo: MessagesRepository;
  limits: LimitsService;
  llm: LlmPort;
  vision: VisionPort;
  storage: StoragePort;
  log: FastifyBaseLogger;
  /** Chunk coalescing (DESIGN §8). */
  chunkChars?: number;
  chunkDelayMs?: number;
}

/** Sending, replying, history: the rules shared by the socket and REST paths. */
export class MessagesService {
  constructor(private readonly deps: MessagesServiceDeps) {}

  /** 404 for an unknown chat, 403 for another user's (000 §6). */
  async ownedChat(user: UserRow, chatId: string): Promise<ChatRow> {
    return ownerCheck(user, await this.findChat(chatId));
  }

  /**
   * The session's user and the chat, looked up at once (the socket path: one round trip instead of
   * two). A failed session wins over a missing chat, so a stranger learns nothing about chat ids.
   */
  async sessionChat(
    session: Promise<UserRow>,
    chatId: string,
  ): Promise<{ user: UserRow; owned: ChatWithCharacter }> {
    const [user, found] = await Promise.allSettled([
      session,
      UUID.test(chatId) ? this.deps.repo.findChatWithCharacter(chatId) : undefined,
    ]);
    if (user.status === 'rejected') throw user.reason;
    if (found.status === 'rejected') throw found.reason;
    ownerCheck(user.value, found.value?.chat);
    return { user: user.value, owned: found.value as ChatWithCharacter };
  }

  private async findChat(chatId: string): Promise<ChatRow | undefined> {
    if (!UUID.test(chatId)) return undefined;
    return this.deps.repo.findChat(chatId);
  }

  async list(user: UserRow, chatId: string): Promise<MessageRow[]> {
    const chat = await this.ownedChat(user, chatId);
    return this.deps.repo.list(chat.id);
  }

  private async characterOf(chat: ChatRow): Promise<CharacterRow> {
    const character = await this.deps.repo.characterOf(chat);
    if (!character) throw errors.notFound();
    return character;
  }

  /**
   * One user message and its reply. Order (DESIGN §7): safety, limit (atomic), persist the user
   * message, then stream the reply and persist it once. Nothing is written per chunk. `owned` is the
   * chat (and her companion) when the caller has already checked it is the user's.
   *
   * For the first token's sake (DESIGN §8) the waits overlap: the allowance, the companion and the
   * history are read together, and the model is called while the user's message is being stored —
   * but no text reaches the user before that message is stored and acknowledged, and a failed store
   * cancels the call.
   */
  async send(
    user: UserRow,
    input: SendInput,
    sink: ReplySink = silentSink,
    signal?: AbortSignal,
    owned?: ChatWithCharacter,
  ): Promise<SendOutcome> {
    const chat = owned?.chat ?? (await this.ownedChat(user, input.chatId));
    const content = input.content.trim();
    if (!content && !input.imagePath && !input.image) throw errors.validation(MESSAGE_TEXTS.empty);
    if (content.length > 4000) throw errors.validation(MESSAGE_TEXTS.tooLong);
    // Checked before anything is counted or stored: a bad file costs nothing.
    const image = input.image ? await encodeChatImage(input.image) : undefined;
    const { repo } = this.deps;

    // Decision: a refused message is kept (nothing the user sent is lost) and answered in character
    // without calling the model; it does not use up the daily allowance.
    const safety = checkChatText(content);
    if (!safety.ok) {
      const userMessage = await repo.insert({
        chatId: chat.id,
        userId: user.id,
        content,
        isUser: true,
        imagePath: input.imagePath ?? null,
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

    const reads = Promise.all([owned?.character ?? this.characterOf(chat), repo.recent(chat.id)]);
    reads.catch(() => {}); // awaited below, or not needed when the limit is reached
    const allowance = await this.deps.limits.consumeMessage(user);
    if (!allowance.ok) {
      const metadata = {
        show_upgrade_button: allowance.tier !== 'vip',
        tier: allowance.tier,
        reset_hours: allowance.reset.hours,
        reset_minutes: allowance.reset.minutes,
      };
      const text = rateLimitText(allowance.reset);
      const message = await repo.insert({
        chatId: chat.id,
        userId: user.id,
        content: text,
        isUser: false,
        messageType: 'rate_limit',
        metadata,
      });
      return {
        kind: 'rate_limited',
        message,
        payload: {
          id: message.id,
          content: text,
          message: MESSAGE_TEXTS.rateLimitDetail,
          metadata,
          limit_type: 'messages',
          remaining: 0,
          reset_hours: allowance.reset.hours,
          reset_minutes: allowance.reset.minutes,
          user_type: allowance.tier,
          chat_id: chat.id,
        },
      };
    }

    const giveBack = () => this.deps.limits.release(user.id, allowance.day, 'messages');
    let character: CharacterRow;
    let history: MessageRow[];
    let storedContent = content;
    let imagePath = input.imagePath ?? null;
    try {
      [character, history] = await reads;
      if (image) {
        await this.deps.storage.put(image.name, image.bytes, image.contentType);
        imagePath = image.name;
        storedContent = withImageDescription(
          content,
          await this.describe(image.bytes, image.contentType, signal),
        );
      }
    } catch (error) {
      await giveBack();
      throw error;
    }

    const cancel = new AbortController();
    const upstreamSignal = signal ? AbortSignal.any([signal, cancel.signal]) : cancel.signal;
    const storing = repo.insert({
      chatId: chat.id,
      userId: user.id,
      content: storedContent,
      isUser: true,
      imagePath,
    });
    const deltas = this.deps.llm
      .stream({
        messages: buildPrompt(character, [
          ...history,
          { content: storedContent, isUser: true, messageType: 'text' },
        ]),
        persona: personaOf(character),
        signal: upstreamSignal,
      })
      [Symbol.asyncIterator]();
    // Starts the request now; its outcome is read in the loop below.
    const first = deltas.next();
    first.catch(() => {});
    let userMessage: MessageRow;
    try {
      userMessage = await storing;
    } catch (error) {
      cancel.abort();
      await giveBack();
      throw error;
    }
    sink.ack(userMessage);
    sink.typingStarted();

    const coalescer = new ChunkCoalescer(sink.chunk, this.deps.chunkChars, this.deps.chunkDelayMs);
    let text = '';
    try {
      for (let step = await first; !step.done; step = await deltas.next()) {
        text += step.value;
        coalescer.push(step.value);
      }
      coalescer.flush(true);
    } catch (cause) {
      coalescer.stop();
      const error =
        cause instanceof LlmError ? cause : new LlmError('unavailable', text, undefined, { cause });
      this.deps.log.warn({ err: error, chatId: chat.id, kind: error.kind }, 'chat reply failed');
      if (!text.trim()) {
        // Nothing reached the user: the message does not count against the limit.
        await giveBack();
        return { kind: 'failed', userMessage, reply: null, error };
      }
      const reply = await repo.insert({
        chatId: chat.id,
        userId: user.id,
        content: text,
        isUser: false,
        metadata: { partial: true },
      });
      return { kind: 'failed', userMessage, reply, error };
    }
    const reply = await repo.insert({ chatId: chat.id, userId: user.id, content: text, isUser: false });
    return { kind: 'replied', userMessage, reply };
  }

  /**
   * The chat's greeting (POST /api/first_message): generated from the persona, the fixed welcome text
   * when that fails. Idempotent: a chat that already has messages gets its first one back.
   */
  async firstMessage(user: UserRow, chatId: string): Promise<MessageRow> {
    const chat = await this.ownedChat(user, chatId);
    const existing = await this.deps.repo.first(chat.id);
    if (existing) return existing;
    const character = await this.characterOf(chat);
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
    if (!text.trim() || !checkText(text).ok) text = FALLBACK_FIRST_MESSAGE;
    // Two tabs may ask at once: the second finds the first's greeting.
    const again = await this.deps.repo.first(chat.id);
    if (again) return again;
    return this.deps.repo.insert({ chatId: chat.id, userId: user.id, content: text.trim(), isUser: false });
  }

  private async describe(bytes: Buffer, contentType: string, signal?: AbortSignal): Promise<string> {
    try {
      return await this.deps.vision.analyze({ image: bytes, contentType, ...(signal ? { signal } : {}) });
    } catch (error) {
      this.deps.log.warn({ err: error }, 'image analysis failed');
      return UNDESCRIBED_IMAGE;
    }
  }

  isAppError(error: unknown): error is AppError {
    return error instanceof AppError;
  }
}
