import type { RateLimitPayload } from '@podruga/shared';
import {
  CONTROL_CHARS_MESSAGE,
  FALLBACK_FIRST_MESSAGE,
  hasControlChars,
  RATE_LIMIT_DETAIL,
} from '@podruga/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CharacterRow, ChatRow, MessageRow, UserRow } from '../../db/schema/index.ts';
import { AppError, errors } from '../../errors.ts';
import { LlmError, type LlmPort } from '../../providers/llm/port.ts';
import type { StoragePort } from '../../providers/storage/port.ts';
import type { VisionPort } from '../../providers/vision/port.ts';
import { sessionUser } from '../auth/auth.service.ts';
import type { SessionClaims } from '../auth/session-tokens.ts';
import type { ConsumedWith, ConsumeResult, LimitsService } from '../limits/limits.service.ts';
import type { SendThrottle } from '../limits/send-throttle.ts';
import { checkChatText, checkText, type SafetyResult } from '../safety/safety.ts';
import { encodeChatImage, withImageDescription } from './chat-images.ts';
import { ChunkCoalescer } from './coalescer.ts';
import type { LiveReplies, LiveReply } from './live-replies.ts';
import type { ChatWithCharacter, HistoryRow, MessagesRepository, StoredTurn } from './messages.repository.ts';
import { buildFirstMessagePrompt, buildPrompt, type PromptMessage, personaOf } from './prompt.ts';

export const MESSAGE_TEXTS = {
  notAuthorized: 'Not authorized to view this chat',
  empty: 'Сообщение не может быть пустым',
  tooLong: 'Сообщение слишком длинное (не больше 4000 символов)',
  partialReply: 'Не удалось получить ответ полностью. Попробуйте ещё раз.',
  noReply: 'Не удалось получить ответ. Попробуйте ещё раз.',
  rateLimitDetail: RATE_LIMIT_DETAIL,
  /** The per-user send throttle (not the daily limit): nothing was stored. */
  throttled: 'Слишком много сообщений подряд. Подождите несколько секунд и отправьте снова.',
  /** A graceful restart (a deploy) has begun: the client sends again after reconnecting. */
  shuttingDown: 'Сервер перезапускается. Отправьте сообщение ещё раз через несколько секунд.',
  /** `image_path` that is not media this user stored. */
  foreignImage: 'Можно прикрепить только свою фотографию, отправленную в чат, или портрет своей подруги',
  /** In character: the companion declines, the user keeps chatting. */
  safetyRefusal:
    'Давай не будем об этом. Я общаюсь только о взрослых и вымышленных людях. Расскажи лучше, как у тебя дела?',
} as const;

export function rateLimitText(reset: { hours: number; minutes: number }): string {
  return `Ты исчерпал дневной лимит сообщений. Лимит обновится через ${reset.hours} ч ${reset.minutes} мин.`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A stored media name: flat, no scheme, no path (`<hash>.jpg`). Ownership is checked after. */
const MEDIA_NAME = /^[A-Za-z0-9][\w-]{0,150}(\.[A-Za-z0-9]{1,8})?$/;

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
  /** checkChatText of `content`, when it ran already (sessionChat runs it during its query). */
  safety?: SafetyResult | undefined;
  /** The send throttle let it through already (sessionChat asks it during its query). */
  admitted?: boolean | undefined;
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

/** A model call under way. */
interface StartedReply {
  deltas: AsyncIterator<string>;
  first: Promise<IteratorResult<string>>;
  cancel(): void;
}

const silentSink: ReplySink = { ack: () => {}, typingStarted: () => {}, chunk: () => {} };

export interface MessagesServiceDeps {
  repo: MessagesRepository;
  limits: LimitsService;
  llm: LlmPort;
  vision: VisionPort;
  storage: StoragePort;
  log: FastifyBaseLogger;
  /** Replies streaming in this process: checkpoints, drain, recovery. */
  live: LiveReplies;
  /** Sends per user per window; none = unthrottled. */
  throttle?: SendThrottle | undefined;
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
   * The session's user and the chat with her companion, read in one trip (the socket path), and the
   * safety check of the message's text, run while that trip is on its way. A failed session wins over
   * a missing chat, so a stranger learns nothing about chat ids.
   */
  async sessionChat(
    claims: SessionClaims,
    chatId: string,
    content: string,
  ): Promise<{ user: UserRow; owned: ChatWithCharacter; safety: SafetyResult }> {
    const reading = this.deps.repo.findUserWithChat(
      claims.userId,
      UUID.test(chatId) ? chatId : null,
      this.deps.limits.today(),
    );
    reading.catch(() => {});
    // The throttle (Redis, when shared) is asked while the chat is read: no extra wait.
    const admitting = this.admit(claims.userId);
    admitting.catch(() => {});
    const safety = checkChatText(content.trim());
    const found = await reading;
    const user = sessionUser(found?.user, claims);
    ownerCheck(user, found?.owned?.chat);
    await admitting;
    return { user, owned: found?.owned as ChatWithCharacter, safety };
  }

  /**
   * Whether a send may start: not while the server shuts down (503), not past the user's send
   * throttle (429 `send_throttled`, nothing stored; the daily limit is `rate_limited` with its card).
   */
  async admit(userId: string): Promise<void> {
    if (!this.deps.live.accepting) throw new AppError(503, 'service_unavailable', MESSAGE_TEXTS.shuttingDown);
    if (this.deps.throttle && !(await this.deps.throttle.take(userId))) {
      throw errors.sendThrottled(MESSAGE_TEXTS.throttled);
    }
  }

  private async findChat(chatId: string): Promise<ChatRow | undefined> {
    if (!UUID.test(chatId)) return undefined;
    return this.deps.repo.findChat(chatId);
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
   * For the first token's sake (DESIGN §8) the waits overlap and the trips are few: a text message
   * is counted and stored in one statement; when the caller read today's count with the chat and it
   * leaves room, the model is asked meanwhile (a refusal or a failed store cancels that call), else
   * as soon as the message is stored. No text goes out before the acknowledgement.
   */
  async send(
    user: UserRow,
    input: SendInput,
    sink: ReplySink = silentSink,
    signal?: AbortSignal,
    owned?: ChatWithCharacter,
  ): Promise<SendOutcome> {
    if (!input.admitted) await this.admit(user.id);
    if (!this.deps.live.accepting) throw new AppError(503, 'service_unavailable', MESSAGE_TEXTS.shuttingDown);
    return this.deps.live.track(() => this.sendAdmitted(user, input, sink, signal, owned));
  }

  private async sendAdmitted(
    user: UserRow,
    input: SendInput,
    sink: ReplySink,
    signal: AbortSignal | undefined,
    owned: ChatWithCharacter | undefined,
  ): Promise<SendOutcome> {
    const imagePath = input.imagePath || null;
    if (hasControlChars(input.content, true) || (imagePath && hasControlChars(imagePath))) {
      throw new AppError(400, 'invalid_characters', CONTROL_CHARS_MESSAGE);
    }
    const chat = owned?.chat ?? (await this.ownedChat(user, input.chatId));
    const content = input.content.trim();
    if (!content && !imagePath && !input.image) throw errors.validation(MESSAGE_TEXTS.empty);
    if (content.length > 4000) throw errors.validation(MESSAGE_TEXTS.tooLong);
    // Checked before anything is counted or stored: a bad file or a foreign path costs nothing.
    if (imagePath) await this.checkOwnMedia(user, imagePath);
    const image = input.image ? await encodeChatImage(input.image) : undefined;
    const { repo } = this.deps;

    // Decision: a refused message is kept (nothing the user sent is lost) and answered in character
    // without calling the model; it does not use up the daily allowance.
    const safety = input.safety ?? checkChatText(content);
    if (!safety.ok) {
      const userMessage = await repo.insert({
        chatId: chat.id,
        userId: user.id,
        content,
        isUser: true,
        imagePath,
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

    // What the prompt needs: read by the caller with the user and the chat (the socket), or here while
    // the message is counted and stored.
    const reads: Promise<[CharacterRow, HistoryRow[]]> =
      owned?.character && owned.history
        ? Promise.resolve([owned.character, owned.history])
        : Promise.all([owned?.character ?? this.characterOf(chat), repo.recent(chat.id)]);
    reads.catch(() => {});
    // Today's count, read with the chat, says there is room: the model is asked while the message is
    // counted and stored. The statement still decides; a refusal or a failure cancels the request.
    let call: StartedReply | undefined;
    if (
      !image &&
      owned?.character &&
      owned.history &&
      owned.usedToday !== undefined &&
      this.deps.limits.hasMessageRoom(user, owned.usedToday)
    ) {
      const turns = [...owned.history, { content, isUser: true, messageType: 'text' }];
      call = this.startReply(owned.character, turns, signal);
    }
    let turn: StoredTurn;
    if (image) {
      // The photo is stored and described between taking the allowance and storing the message.
      const allowance = await this.deps.limits.consumeMessage(user);
      if (!allowance.ok) return this.rateLimited(user, chat, allowance);
      try {
        await this.deps.storage.put(image.name, image.bytes, image.contentType);
        const description = await this.describe(image.vision.bytes, image.vision.contentType, signal);
        const values = {
          chatId: chat.id,
          userId: user.id,
          content: withImageDescription(content, description),
          imagePath: image.name,
        };
        const stored = await repo.insertTurn(values, { day: allowance.day });
        if (!stored) throw new Error('insert returned no row');
        turn = stored;
      } catch (error) {
        await this.deps.limits.release(user.id, allowance.day, 'messages');
        throw error;
      }
    } else {
      // Counted and stored in one statement, with the reply's row: never stored uncounted, never
      // counted unstored, and a crash mid-reply leaves a row to recover.
      let allowance: ConsumedWith<StoredTurn>;
      try {
        allowance = await this.deps.limits.consumeMessageWith(user, (usage) =>
          repo.insertTurn({ chatId: chat.id, userId: user.id, content, imagePath }, { usage }),
        );
      } catch (error) {
        call?.cancel();
        throw error;
      }
      if (!allowance.ok) {
        call?.cancel();
        return this.rateLimited(user, chat, allowance);
      }
      turn = allowance.stored;
    }
    const { userMessage, reply: replyRow } = turn;
    if (!call) {
      let character: CharacterRow;
      let history: HistoryRow[];
      try {
        [character, history] = await reads;
      } catch (error) {
        sink.ack(userMessage);
        await repo.discardReply(replyRow.id);
        throw error;
      }
      // The history was read alongside the store: it may or may not hold the new message already.
      call = this.startReply(
        character,
        [...history.filter((row) => row.id !== userMessage.id), userMessage],
        signal,
      );
    }
    // The model is asked first, the user told second. No text is sent before the acknowledgement.
    sink.ack(userMessage);
    sink.typingStarted();
    const live = this.deps.live.open(replyRow.id);
    try {
      return await this.stream(call, live, sink, chat, userMessage);
    } finally {
      this.deps.live.close(live);
    }
  }

  /**
   * Relays the model's deltas to the user, coalesced; what was sent is what the checkpoints write and
   * what is stored. The end is one UPDATE of the reply's row: finished, cut short (`partial` when the
   * model failed, `interrupted` when the server shut down), or removed with its message given back
   * when nothing reached the user.
   */
  private async stream(
    call: StartedReply,
    live: LiveReply,
    sink: ReplySink,
    chat: ChatRow,
    userMessage: MessageRow,
  ): Promise<SendOutcome> {
    const { deltas, first } = call;
    const stop = () => call.cancel();
    live.shutdown.addEventListener('abort', stop, { once: true });
    const coalescer = new ChunkCoalescer(
      (chunk, index, isComplete) => {
        live.sent += chunk;
        sink.chunk(chunk, index, isComplete);
      },
      this.deps.chunkChars,
      this.deps.chunkDelayMs,
    );
    try {
      for (let step = await first; !step.done; step = await deltas.next()) coalescer.push(step.value);
      coalescer.flush(true);
    } catch (cause) {
      // What arrived before the failure reaches the user, so what is stored is what they saw.
      coalescer.flush();
      const text = live.sent;
      const error =
        cause instanceof LlmError ? cause : new LlmError('unavailable', text, undefined, { cause });
      this.deps.log.warn({ err: error, chatId: chat.id, kind: error.kind }, 'chat reply failed');
      if (!text.trim()) {
        // Nothing reached the user: no reply, and the message does not count against the limit.
        await this.deps.repo.discardReply(live.id);
        return { kind: 'failed', userMessage, reply: null, error };
      }
      const cut = live.shutdown.aborted ? { interrupted: true } : { partial: true };
      const reply = await this.finishReply(live.id, chat, userMessage, text, cut);
      return { kind: 'failed', userMessage, reply, error };
    } finally {
      live.shutdown.removeEventListener('abort', stop);
    }
    const reply = await this.finishReply(live.id, chat, userMessage, live.sent);
    return { kind: 'replied', userMessage, reply };
  }

  /** The reply's final text; stored anew in the rare case its row was recovered away meanwhile. */
  private async finishReply(
    id: string,
    chat: ChatRow,
    userMessage: MessageRow,
    content: string,
    metadata?: Record<string, unknown>,
  ): Promise<MessageRow> {
    const row = await this.deps.repo.finishReply(id, content, metadata);
    if (row) return row;
    return this.deps.repo.insert({
      chatId: chat.id,
      userId: userMessage.userId,
      content,
      isUser: false,
      ...(metadata ? { metadata } : {}),
    });
  }

  /** `image_path` names media this user stored (a photo they sent, a portrait of theirs), or 400. */
  private async checkOwnMedia(user: UserRow, name: string): Promise<void> {
    if (!MEDIA_NAME.test(name) || name.includes('..') || !(await this.deps.repo.ownsMedia(user.id, name))) {
      throw errors.validation(MESSAGE_TEXTS.foreignImage);
    }
  }

  /** Asks the model now; the caller reads the deltas (the first one is already on its way). */
  private startReply(character: CharacterRow, turns: PromptMessage[], signal?: AbortSignal): StartedReply {
    const cancel = new AbortController();
    const deltas = this.deps.llm
      .stream({
        messages: buildPrompt(character, turns),
        persona: personaOf(character),
        signal: signal ? AbortSignal.any([signal, cancel.signal]) : cancel.signal,
      })
      [Symbol.asyncIterator]();
    const first = deltas.next();
    first.catch(() => {});
    return { deltas, first, cancel: () => cancel.abort() };
  }

  /**
   * The daily limit is reached: the chat's rate-limit card for this window (stored once) and the
   * payload of the `rate_limit` event.
   */
  private async rateLimited(
    user: UserRow,
    chat: ChatRow,
    refusal: Extract<ConsumeResult, { ok: false }>,
  ): Promise<SendOutcome> {
    const metadata = {
      show_upgrade_button: refusal.tier !== 'vip',
      tier: refusal.tier,
      reset_hours: refusal.reset.hours,
      reset_minutes: refusal.reset.minutes,
    };
    const text = rateLimitText(refusal.reset);
    // One card per chat and limit window: later refusals the same day update it and name its id.
    const message = await this.deps.repo.upsertRateLimitCard({
      chatId: chat.id,
      userId: user.id,
      content: text,
      metadata: { ...metadata, limit_day: refusal.day },
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
        reset_hours: refusal.reset.hours,
        reset_minutes: refusal.reset.minutes,
        user_type: refusal.tier,
        chat_id: chat.id,
      },
    };
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
