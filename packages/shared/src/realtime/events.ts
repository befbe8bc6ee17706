/**
 * The socket.io protocol of 000 §7, typed once: the server uses these maps in `new Server<...>` and the
 * client in `io(...) as Socket<...>`. Path /socket.io; query chat_id, frontend_chat_id, last_connected_at.
 */
import type { Message, RateLimitMetadata } from '../api/messages.ts';
import type { Notification } from '../api/notifications.ts';
import type { CrisisLine } from '../crisis.ts';
import type { PremiumFeaturePayload } from '../herMedia.ts';
import type { LimitTier } from '../tiers.ts';

export interface AuthenticatePayload {
  token: string;
  chat_id?: string | null;
}
export interface AuthenticatedPayload {
  success: boolean;
  error?: string;
  user_id?: string;
}
export interface ClientMessagePayload {
  content: string;
  image_path?: string | null;
  current_chat_id: string;
  /** The optimistic message's temporary id, echoed in `ack` so the client can replace it. */
  client_id?: string;
}
export interface ClientImageMessagePayload {
  content: string;
  /** Base64, with or without a data: prefix. */
  image_data: string;
  current_chat_id: string;
  client_id?: string;
}
export interface MessageChunkPayload {
  chat_id: string;
  /** Her reply's id (ours, issue 17): a client that resumed a reply knows which one a chunk continues. */
  message_id?: string;
  chunk: string;
  chunk_index: number;
  is_complete: boolean;
}
export interface StreamingCompletePayload {
  chat_id: string;
  message_id: string;
  created_at: string;
  /**
   * The stored text, sent only when it is not what was streamed: the safety check cut her reply
   * (issue 11) and stored her in-character refusal instead. The client shows this text in its place.
   */
  content?: string;
  /** Why it was replaced: the stored reply's `metadata.refused` (minor, real_person, undress_photo). */
  refused?: string;
  /**
   * Replaced by her crisis reply (issue 27: the guard model read a crisis in the user's message while
   * she answered): `content` is that reply, `crisis_lines` the help lines it gives.
   */
  crisis?: true;
  crisis_lines?: CrisisLine[];
}
export interface AckPayload {
  message_id: string;
  image_path: string | null;
  chat_id: string;
  client_id?: string;
  created_at: string;
}
export interface ChatRef {
  chat_id: string;
}
export interface VideoReadyPayload {
  chat_id: string;
  message_id: string;
  video_url: string;
}
export interface RateLimitPayload {
  id: string;
  content: string;
  message?: string;
  metadata: RateLimitMetadata;
  /** Which allowance refused: the day's messages, or her photos or videos (issue 14). */
  limit_type: 'messages' | 'voice' | 'videos' | 'photos';
  remaining: number;
  reset_hours: number;
  reset_minutes: number;
  user_type: LimitTier;
  chat_id: string;
  /** The sender's id of the message the limit refused: only that bubble is marked as not sent. */
  client_id?: string;
}
export interface GuestMigratedPayload {
  message: string;
}
export interface ErrorPayload {
  message: string;
  code?: string;
  chat_id?: string;
  /** The sender's id of the message this error refused (nothing of it was stored). */
  client_id?: string;
}

/**
 * A reply being generated, as sent so far (issue 17): what a client coming back to a chat gets, in the
 * `resume` event's answer. `chunk_index` is the last chunk `content` holds (-1: none yet); the live
 * `message_chunk`s after it follow.
 */
export interface ReplyStatePayload {
  message_id: string;
  chat_id: string;
  content: string;
  chunk_index: number;
}

/** `resume`'s answer: the chat's replies being generated; `ok: false` when the chat is not the user's. */
export interface ResumeAnswer {
  ok: boolean;
  replies: ReplyStatePayload[];
}

export interface ServerToClientEvents {
  authenticated: (p: AuthenticatedPayload) => void;
  message: (p: Message) => void;
  message_chunk: (p: MessageChunkPayload) => void;
  streaming_complete: (p: StreamingCompletePayload) => void;
  ack: (p: AckPayload) => void;
  typing_started: (p: ChatRef) => void;
  typing_stopped: (p: ChatRef) => void;
  /** Her video is ready (000 §4): the message gets `video_path` / `metadata.video_url`. */
  video_ready: (p: VideoReadyPayload) => void;
  /** A feature above the user's tier was asked for (000 §4): video → the preview dialog after 500 ms. */
  premium_feature: (p: PremiumFeaturePayload) => void;
  rate_limit: (p: RateLimitPayload) => void;
  guest_migrated: (p: GuestMigratedPayload) => void;
  /** A new notification of the bell (issue 12), sent to every socket of the user (`user:{id}`). */
  notification: (p: Notification) => void;
  error: (p: ErrorPayload) => void;
}

export interface ClientToServerEvents {
  authenticate: (p: AuthenticatePayload) => void;
  message: (p: ClientMessagePayload) => void;
  image_message: (p: ClientImageMessagePayload) => void;
  /**
   * Ours (issue 17): back in a chat (a reload, a reconnect, on any instance): joins its room and answers
   * the replies being generated there as sent so far. Replies of a dead instance are finished first (the
   * room hears their stored `message`).
   */
  resume: (p: ChatRef, answer: (a: ResumeAnswer) => void) => void;
  /**
   * Ours (issue 17): her reply `message_id`, cut short, streams on (charged as a message): `message`
   * (streaming, its text so far), then `message_chunk`s numbered from 1 and `streaming_complete`, as a
   * reply; refusals are `error` (`continue_gone`) or `rate_limit`.
   */
  continue_reply: (p: { chat_id: string; message_id: string }) => void;
}

export const SOCKET_PATH = '/socket.io';
