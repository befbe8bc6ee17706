import {
  type HerMediaKind,
  type HerMediaStatus,
  herMediaOf,
  type Message,
  type MessageType,
  type RateLimitMetadata,
  type RateLimitPayload,
} from '@podruga/shared';
import { mediaSrc } from '../../shared/media.ts';
import { type CrisisView, crisisOf } from '../crisis/metadata.ts';

/**
 * Her photo or video made on request (issue 14), as the list shows it: a placeholder with its progress
 * while it is made, the picture or the clip once ready, the error and a retry when it failed.
 */
export interface HerMedia {
  kind: HerMediaKind;
  status: HerMediaStatus;
  /** What the user asked for, in their words. */
  request: string;
  /** When the current attempt began (ms since the epoch) and about how long it takes: the progress. */
  startedAt: number;
  expectedMs: number;
  /** A failure's Russian text (null unless failed). */
  error: string | null;
  /** Made by an offline stand-in: labelled «демо». */
  demo: boolean;
}

/** 000 §3 "UI message": what a bubble shows. The stamp (relative time) is computed when rendering. */
export interface ChatMessage {
  id: string;
  sender: 'user' | 'assistant';
  /** Displayed text: the content without its `[Image: …]` description. */
  text: string;
  /** The `[Image: …]` description the content carried, kept apart. */
  description: string | null;
  image: string | null;
  video: string | null;
  type: MessageType;
  status: string | null;
  duration: number | null;
  /** ms since the epoch. */
  timestamp: number;
  /** A reply still arriving chunk by chunk. */
  streaming: boolean;
  /** An optimistic user message not yet acknowledged by the server. */
  pending: boolean;
  /** Rate-limit cards only. */
  rateLimit: RateLimitMetadata | null;
  /** Her photo or video on request (issue 14); null for every other message. */
  media: HerMedia | null;
  /** An optimistic message whose send failed (shown marked "Не отправлено", not removed, retryable). */
  failed?: boolean;
  /** A reply cut short (a server restart or a model failure): its text is what arrived. */
  interrupted?: boolean;
  /**
   * Her crisis reply (issue 27, `metadata.crisis`): her message, its help lines as links, and the way to
   * the crisis page; never an error.
   */
  crisis?: CrisisView;
  /** Her reminder to take a break after a long session (`metadata.break_reminder`). */
  breakReminder?: boolean;
}

const IMAGE_DESCRIPTION = /\[Image:\s*([\s\S]*?)\]/gi;

/** Splits `[Image: …]` descriptions out of a message's content (000 §3). */
export function splitImageDescription(content: string): { text: string; description: string | null } {
  const descriptions: string[] = [];
  const text = content
    .replace(IMAGE_DESCRIPTION, (_match, description: string) => {
      descriptions.push(description.trim());
      return '';
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, description: descriptions.length ? descriptions.join('\n') : null };
}

function parseTime(value: string | null | undefined, fallback: number): number {
  const time = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? fallback : time;
}

const LIMIT_TYPES: readonly string[] = ['messages', 'photos', 'videos'] satisfies NonNullable<
  RateLimitMetadata['limit_type']
>[];

/** Which allowance a card is about: its metadata's, else the event's; the day's messages when neither says. */
export function limitTypeOf(...candidates: unknown[]): NonNullable<RateLimitMetadata['limit_type']> {
  const found = candidates.find((c) => typeof c === 'string' && LIMIT_TYPES.includes(c));
  return (found as NonNullable<RateLimitMetadata['limit_type']> | undefined) ?? 'messages';
}

function rateLimitOf(message: Message): RateLimitMetadata | null {
  if (message.message_type !== 'rate_limit' || !message.metadata) return null;
  const { show_upgrade_button, tier, reset_hours, reset_minutes, limit_type } = message.metadata;
  if (typeof tier !== 'string') return null;
  return {
    show_upgrade_button: show_upgrade_button !== false,
    tier: tier as RateLimitMetadata['tier'],
    reset_hours: typeof reset_hours === 'number' ? reset_hours : 0,
    reset_minutes: typeof reset_minutes === 'number' ? reset_minutes : 0,
    limit_type: limitTypeOf(limit_type),
  };
}

/** A photo takes about this long when the server did not say (a row written before it did). */
const DEFAULT_EXPECTED_MS = 30_000;

/** Her media off a server message: her messages only (a user's photo is theirs, not a request of hers). */
function herMediaFrom(message: Message, now: number): HerMedia | null {
  const meta = message.is_user ? null : herMediaOf(message.metadata);
  if (!meta) return null;
  const expected = Number(meta.expected_ms);
  return {
    kind: meta.media,
    status: meta.status,
    request: typeof meta.request === 'string' ? meta.request : '',
    startedAt: parseTime(meta.started_at, parseTime(message.created_at, now)),
    expectedMs: Number.isFinite(expected) && expected > 0 ? expected : DEFAULT_EXPECTED_MS,
    error: meta.status === 'failed' && typeof meta.error === 'string' ? meta.error : null,
    demo: meta.demo === true,
  };
}

/** A server message as the list shows it. */
export function fromServer(message: Message, now: number = Date.now()): ChatMessage {
  const { text, description } = splitImageDescription(message.content ?? '');
  const videoUrl = typeof message.metadata?.video_url === 'string' ? message.metadata.video_url : null;
  const media = herMediaFrom(message, now);
  // A placeholder or a failure shows no picture yet, whatever a half-written row holds.
  const shown = !media || media.status === 'ready';
  const crisis = message.is_user ? null : crisisOf(message.metadata);
  return {
    id: message.id,
    sender: message.is_user ? 'user' : 'assistant',
    text,
    description,
    image: shown ? mediaSrc(message.image_path) : null,
    video: shown ? mediaSrc(message.video_path ?? videoUrl) : null,
    type: message.message_type,
    status:
      message.voice_call_status ??
      (typeof message.metadata?.status === 'string' ? message.metadata.status : null),
    duration: message.voice_call_duration,
    timestamp: parseTime(message.created_at, now),
    streaming: message.is_streaming,
    pending: false,
    rateLimit: rateLimitOf(message),
    media,
    ...(message.metadata?.interrupted || message.metadata?.partial ? { interrupted: true } : {}),
    ...(crisis ? { crisis } : {}),
    ...(!message.is_user && message.metadata?.break_reminder === true ? { breakReminder: true } : {}),
  };
}

/** The card a `rate_limit` event adds (000 §4). */
export function fromRateLimit(payload: RateLimitPayload, now: number = Date.now()): ChatMessage {
  return {
    id: payload.id,
    sender: 'assistant',
    text: payload.content || payload.message || '',
    description: null,
    image: null,
    video: null,
    type: 'rate_limit',
    status: null,
    duration: null,
    timestamp: now,
    streaming: false,
    pending: false,
    rateLimit: {
      ...payload.metadata,
      tier: payload.metadata?.tier ?? payload.user_type,
      reset_hours: payload.metadata?.reset_hours ?? payload.reset_hours,
      reset_minutes: payload.metadata?.reset_minutes ?? payload.reset_minutes,
      limit_type: limitTypeOf(payload.metadata?.limit_type, payload.limit_type),
    },
    media: null,
  };
}

/** A local assistant text (first-message fallback, chat errors). */
export function localAssistant(id: string, text: string, now: number = Date.now()): ChatMessage {
  return {
    id,
    sender: 'assistant',
    text,
    description: null,
    image: null,
    video: null,
    type: 'text',
    status: null,
    duration: null,
    timestamp: now,
    streaming: false,
    pending: false,
    rateLimit: null,
    media: null,
  };
}

/**
 * 000 §4: the list ends with the user's photo, still without an answer, so the fallback assistant text
 * IMAGE_FALLBACK_TEXT is due (unless it was already added for that photo: `done` holds those ids).
 */
export function needsImageFallback(messages: readonly ChatMessage[], done: ReadonlySet<string>): boolean {
  const last = messages.at(-1);
  return !!last && last.sender === 'user' && !!last.image && !last.failed && !done.has(last.id);
}

/** A rate-limit card (000 §4). */
export function isRateLimitCard(message: ChatMessage): boolean {
  return message.type === 'rate_limit';
}

/** Her real answer (not a card): the end of a limit episode, since she can only answer with room left. */
function isReply(message: ChatMessage): boolean {
  return message.sender === 'assistant' && !isRateLimitCard(message);
}

/** Which allowance a card is about (cards of different allowances are separate episodes). */
function cardKind(message: ChatMessage): string {
  return message.rateLimit?.limit_type ?? 'messages';
}

/**
 * One card per limit window (issue 9): cards of one allowance with no reply of hers between them belong
 * to one window (she cannot answer until the limit leaves room), so of each such run only the last card
 * stays, where the run's last card was. Histories stored before the server kept one card a day had a card
 * per send. A photo card and a message card are about different allowances: both stay.
 */
export function collapseRateLimitCards(messages: readonly ChatMessage[]): ChatMessage[] {
  const keep: boolean[] = messages.map(() => true);
  const laterCardInRun = new Set<string>();
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as ChatMessage;
    if (isRateLimitCard(m)) {
      if (laterCardInRun.has(cardKind(m))) keep[i] = false;
      laterCardInRun.add(cardKind(m));
    } else if (isReply(m)) {
      laterCardInRun.clear();
    }
  }
  return messages.filter((_, i) => keep[i]);
}

/**
 * A card arriving live: it replaces the card with its id and any card of the same allowance in the
 * current window (after her last reply), and goes to the end, under the message it refused.
 */
export function withRateLimitCard(messages: readonly ChatMessage[], card: ChatMessage): ChatMessage[] {
  let lastReply = -1;
  messages.forEach((m, i) => {
    if (isReply(m)) lastReply = i;
  });
  const kind = cardKind(card);
  const rest = messages.filter(
    (m, i) => !(isRateLimitCard(m) && (m.id === card.id || (i > lastReply && cardKind(m) === kind))),
  );
  return [...rest, card];
}

/** A card about her photos or videos, not the day's messages: sending text is not limited by it. */
export function isMediaLimitCard(message: ChatMessage): boolean {
  return isRateLimitCard(message) && cardKind(message) !== 'messages';
}

/**
 * An update that would take her media back: a 'pending' of an attempt that already finished on this
 * page (a retry's HTTP answer arriving after the socket's 'ready', a history fetched before it).
 */
export function isStaleMediaUpdate(current: ChatMessage, next: ChatMessage): boolean {
  const shown = current.media;
  const incoming = next.media;
  return (
    !!shown &&
    !!incoming &&
    incoming.status === 'pending' &&
    shown.status !== 'pending' &&
    incoming.startedAt <= shown.startedAt
  );
}

/** Her photo or video still being made. */
export function isMediaPending(message: ChatMessage): boolean {
  return message.media?.status === 'pending';
}

/** The user's messages that did not go through and can be sent again: text only (a photo's file is gone). */
export function isRetryable(message: ChatMessage): boolean {
  return message.sender === 'user' && !!message.failed && !message.image && message.text.trim() !== '';
}
