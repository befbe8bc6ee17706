import type {
  analyzeImageResponseSchema,
  CrisisLine,
  ErrorPayload,
  Message,
  PostMessageResponse,
  ServerToClientEvents,
} from '@podruga/shared';
import type { z } from 'zod';
import type { MessageRow } from '../../../db/schema/index.ts';
import { AppError, errors } from '../../../errors.ts';
import { presentMessage } from '../messages.presenter.ts';
import { MESSAGE_TEXTS } from '../messages.texts.ts';
import type { ReplySink, SendOutcome } from './outcome.ts';

/**
 * The one mapper of a send: what the socket's sender and the chat's room hear (`SocketReply`,
 * `socketRefusal`) and what REST answers (`restMessageBody`, `restImageBody`), for every `SendOutcome`
 * and every refusal. The transports call these and keep no switch of their own, so a new outcome kind
 * is mapped here, once per transport (TypeScript points at each switch that misses it).
 */

/** Where socket events go: a socket or a room (socket.io's sockets and broadcast operators fit). */
export interface Emitter {
  emit<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): unknown;
}

/** Who hears a send over the socket. */
export interface SocketAudience {
  /** The socket the message came from. */
  sender: Emitter;
  /** The chat's room but the sender: the user's other tabs. */
  others: Emitter;
  /** The chat's room, the sender included. */
  room: Emitter;
}

/** A send that failed for a reason we did not foresee (logged): the sender may send again. */
export const SEND_FAILED = 'Ошибка при отправке сообщения';

type Failed = Extract<SendOutcome, { kind: 'failed' }>;
type RateLimited = Extract<SendOutcome, { kind: 'rate_limited' }>;

/** A failed reply's text: cut short (part of her reply is kept), or none at all. */
function failureText(outcome: Failed): string {
  return outcome.reply ? MESSAGE_TEXTS.partialReply : MESSAGE_TEXTS.noReply;
}

/**
 * One send over the socket, from the acknowledgement to its end: `ack` to the sender (with its
 * `client_id`) and the stored message to the user's other tabs, then typing and chunks to the room, then
 * the outcome (`end`). Events name the chat as stored.
 */
export class SocketReply implements ReplySink {
  /** Her reply's id, named by each chunk (a client resuming knows which reply they continue). */
  private replyId: string | undefined;

  constructor(
    private readonly to: SocketAudience,
    private readonly chatId: string,
    private readonly clientId: string | undefined,
  ) {}

  ack(row: MessageRow): void {
    this.to.sender.emit('ack', {
      message_id: row.id,
      image_path: row.imagePath,
      chat_id: this.chatId,
      ...(this.clientId ? { client_id: this.clientId } : {}),
      created_at: row.createdAt.toISOString(),
    });
    // The user's other tabs get the stored message itself.
    this.to.others.emit('message', presentMessage(row));
  }

  typingStarted(): void {
    this.to.room.emit('typing_started', { chat_id: this.chatId });
  }

  replyStarted(replyId: string): void {
    this.replyId = replyId;
  }

  /** "Continue" (issue 17): her reply, streaming again with the text she had sent, to the room. */
  continued(reply: MessageRow): void {
    this.to.room.emit('message', presentMessage(reply));
  }

  chunk(chunk: string, index: number, isComplete: boolean): void {
    this.to.room.emit('message_chunk', {
      chat_id: this.chatId,
      ...(this.replyId ? { message_id: this.replyId } : {}),
      chunk,
      chunk_index: index,
      is_complete: isComplete,
    });
  }

  /**
   * The outcome: the limit's card (`rate_limit`, naming the refused bubble's `client_id`); her answer
   * to an unsafe text and the refusal's reason to the sender; her reply complete; her reply cut by the
   * safety check, completed with the stored refusal in place of what was streamed; or a failure, with
   * what part of her reply was kept.
   */
  end(outcome: SendOutcome): void {
    const { sender, room } = this.to;
    switch (outcome.kind) {
      case 'rate_limited':
        room.emit('rate_limit', {
          ...outcome.payload,
          ...(this.clientId ? { client_id: this.clientId } : {}),
        });
        return;
      case 'refused':
        room.emit('message', presentMessage(outcome.reply));
        sender.emit('error', { message: outcome.detail, code: 'safety_refused', chat_id: this.chatId });
        return;
      case 'crisis':
        // Her reply with the help lines, like any message of hers: no error, nothing to retry.
        room.emit('message', presentMessage(outcome.reply));
        return;
      case 'replied':
        this.complete(outcome.reply);
        room.emit('typing_stopped', { chat_id: this.chatId });
        if (outcome.reminder) room.emit('message', presentMessage(outcome.reminder));
        return;
      case 'cut':
        // What was streamed is replaced by her in-character refusal, the stored text.
        this.complete(outcome.reply, true);
        room.emit('typing_stopped', { chat_id: this.chatId });
        // The guard refused the message itself: the sender hears the reason, as for any refusal.
        if (outcome.turnRefused)
          sender.emit('error', {
            message: outcome.turnRefused.detail,
            code: 'safety_refused',
            chat_id: this.chatId,
          });
        return;
      case 'failed':
        if (outcome.reply) this.complete(outcome.reply);
        room.emit('error', { message: failureText(outcome), code: 'provider_error', chat_id: this.chatId });
        room.emit('typing_stopped', { chat_id: this.chatId });
        return;
      case 'media':
        // Her placeholder, whole: the job tells the room again when the media is ready or failed.
        room.emit('message', presentMessage(outcome.reply));
        room.emit('typing_stopped', { chat_id: this.chatId });
        return;
      case 'premium':
        room.emit('message', presentMessage(outcome.reply));
        room.emit('typing_stopped', { chat_id: this.chatId });
        sender.emit('premium_feature', { feature: outcome.feature, chat_id: this.chatId });
        return;
      default:
        outcome satisfies never;
    }
  }

  private complete(reply: MessageRow, replaced = false): void {
    const refused = reply.metadata?.refused;
    const crisis = replaced && reply.metadata?.crisis === true;
    const lines = reply.metadata?.crisis_lines;
    this.to.room.emit('streaming_complete', {
      chat_id: this.chatId,
      message_id: reply.id,
      created_at: reply.createdAt.toISOString(),
      ...(replaced ? { content: reply.content } : {}),
      ...(replaced && typeof refused === 'string' ? { refused } : {}),
      ...(crisis
        ? { crisis: true as const, ...(Array.isArray(lines) ? { crisis_lines: lines as CrisisLine[] } : {}) }
        : {}),
    });
  }
}

/**
 * A send refused before anything of it was stored (an `AppError`'s text and code; anything else is
 * `internal`): the sender's bubble, named by its `client_id`, is marked as not sent. `chatId` is the
 * one the client sent.
 */
export function socketRefusal(error: unknown, chatId: string, clientId: string | undefined): ErrorPayload {
  const refused = { chat_id: chatId, ...(clientId ? { client_id: clientId } : {}) };
  if (error instanceof AppError) return { message: error.detail, code: error.code, ...refused };
  return { message: SEND_FAILED, code: 'internal', ...refused };
}

/** The daily limit over REST: 429 with the socket's payload and the chat's card. */
function rateLimitError(outcome: RateLimited): AppError {
  return new AppError(429, 'rate_limited', outcome.payload.message ?? MESSAGE_TEXTS.rateLimitDetail, {
    ...outcome.payload,
    rate_limit_message: presentMessage(outcome.message),
  });
}

/** POST /api/messages/: the stored message and her reply; a refusal's or a failure's text in `error`. */
export function restMessageBody(outcome: SendOutcome): PostMessageResponse {
  switch (outcome.kind) {
    case 'rate_limited':
      throw rateLimitError(outcome);
    case 'refused':
      return {
        user_message: presentMessage(outcome.userMessage),
        reply: presentMessage(outcome.reply),
        error: outcome.detail,
      };
    case 'cut':
      return {
        user_message: presentMessage(sent(outcome)),
        reply: presentMessage(outcome.reply),
        ...(outcome.turnRefused ? { error: outcome.turnRefused.detail } : {}),
      };
    case 'replied':
    case 'media':
    case 'crisis':
      return { user_message: presentMessage(sent(outcome)), reply: presentMessage(outcome.reply) };
    case 'premium':
      return {
        user_message: presentMessage(outcome.userMessage),
        reply: presentMessage(outcome.reply),
        premium_feature: outcome.feature,
      };
    case 'failed':
      return {
        user_message: presentMessage(sent(outcome)),
        reply: outcome.reply ? presentMessage(outcome.reply) : null,
        error: failureText(outcome),
      };
  }
}

/** The user's message of a send (a "continue" has none, and is presented by `restContinueBody`). */
function sent(outcome: { userMessage: MessageRow | undefined }): MessageRow {
  if (!outcome.userMessage) throw new Error('a send without its message');
  return outcome.userMessage;
}

/**
 * POST /api/messages/{id}/continue (issue 17): her reply as stored after the continuation (whole, cut
 * by the safety check, or cut short again with `error`); the daily limit is the 429 of a send.
 */
export function restContinueBody(outcome: SendOutcome): { reply: Message | null; error?: string } {
  switch (outcome.kind) {
    case 'rate_limited':
      throw rateLimitError(outcome);
    case 'failed':
      return { reply: outcome.reply ? presentMessage(outcome.reply) : null, error: failureText(outcome) };
    default:
      return { reply: presentMessage(outcome.reply) };
  }
}

/** POST /api/analyze_image: her reply's text and the photo's path; no reply at all is a 503. */
export function restImageBody(outcome: SendOutcome): z.infer<typeof analyzeImageResponseSchema> {
  switch (outcome.kind) {
    case 'rate_limited':
      throw rateLimitError(outcome);
    case 'refused':
      return { response: outcome.reply.content, image_path: '' };
    case 'crisis':
      return { response: outcome.reply.content, image_path: outcome.userMessage.imagePath ?? '' };
    case 'replied':
    case 'cut':
    case 'media':
    case 'premium':
    case 'failed':
      if (!outcome.reply) throw errors.providerError(MESSAGE_TEXTS.noReply);
      return { response: outcome.reply.content, image_path: outcome.userMessage?.imagePath ?? '' };
  }
}
