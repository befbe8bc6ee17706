import type { RateLimitPayload } from '@podruga/shared';
import type { MessageRow } from '../../../db/schema/index.ts';
import type { LlmError } from '../../../providers/llm/port.ts';
import type { ChatContext } from '../../safety/conversation.ts';
import type { GuardVerdict, SafetyRefusal, SafetyVerdict } from '../../safety/safety.service.ts';

/**
 * The types of one send, in one place: what comes in (`SendInput`), what a live transport hears while
 * her reply is produced (`ReplySink`), and how the send ended (`SendOutcome`). A refusal before anything
 * is stored is not an outcome: it is thrown as an `AppError` (nothing to show but its text).
 */
export interface SendInput {
  chatId: string;
  content: string;
  imagePath?: string | null | undefined;
  /** A photo sent with the message: checked, stored, described by the vision port. */
  image?: Buffer | undefined;
  /** The safety service's verdict on `content`, when it ran already (the socket's read runs it). */
  safety?: SafetyVerdict | undefined;
  /** The chat's safety context that verdict was reached in (turns and scene), with it. */
  context?: ChatContext | undefined;
  /** The guard model's verdict on `content`, to come (issue 27): read while her reply streams. */
  guard?: Promise<GuardVerdict> | undefined;
  /** The brand the message came through (its host's): whose crisis lines, when they differ by brand. */
  brand?: string | undefined;
  /** The send throttle let it through already (the socket's read asks it during its query). */
  admitted?: boolean | undefined;
}

/** What a live transport (the socket) hears while a reply is produced. */
export interface ReplySink {
  /** The user's message is stored (always before any text of hers). */
  ack(userMessage: MessageRow): void;
  typingStarted(): void;
  /** "Continue" (issue 17): her cut reply streams again from its text (before `typingStarted`). */
  continued?(reply: MessageRow): void;
  /** Her reply's row, whose chunks follow (they name it: a client resuming knows which they continue). */
  replyStarted?(replyId: string): void;
  chunk(chunk: string, index: number, isComplete: boolean): void;
}

/** REST: nobody listens while the reply is produced; the body tells the outcome. */
export const silentSink: ReplySink = { ack: () => {}, typingStarted: () => {}, chunk: () => {} };

/** How a stored send ended. `send/present.ts` turns each kind into socket events or a REST body. */
export type SendOutcome =
  /** The daily limit: nothing stored but the chat's rate-limit card (`message`). */
  | { kind: 'rate_limited'; message: MessageRow; payload: RateLimitPayload }
  /** The safety check refused the text: kept, and answered in character without the model. */
  | { kind: 'refused'; userMessage: MessageRow; reply: MessageRow; detail: string }
  /** The crisis protocol (issue 27): her reply out of the role-play with help lines, without the model. */
  | { kind: 'crisis'; userMessage: MessageRow; reply: MessageRow }
  /** `userMessage` is absent for a "continue" (issue 17): no new message of the user. */
  | {
      kind: 'replied';
      userMessage: MessageRow | undefined;
      reply: MessageRow;
      /** Her break reminder after it, when the chat has gone on long (issue 27). */
      reminder?: MessageRow | undefined;
    }
  /** A photo or video of her was asked for (issue 14): `reply` is her placeholder; a job makes it. */
  | { kind: 'media'; userMessage: MessageRow; reply: MessageRow }
  /** A video asked for below Plus: her short answer, and the client opens the preview (000 §4). */
  | { kind: 'premium'; feature: 'video'; userMessage: MessageRow; reply: MessageRow }
  /**
   * Her reply turned forbidden as it streamed (issue 11, layer 3): cut, and stored as her in-character
   * refusal with `metadata.refused`; what was streamed is replaced on the client.
   */
  | {
      kind: 'cut';
      userMessage: MessageRow | undefined;
      reply: MessageRow;
      /** The guard refused the user's turn itself (issue 27): the sender is told why, as for a refusal. */
      turnRefused?: SafetyRefusal | undefined;
    }
  /** The upstream failed; `reply` holds the partial text when there was any. */
  | { kind: 'failed'; userMessage: MessageRow | undefined; reply: MessageRow | null; error: LlmError };
