import {
  type Message,
  type MessageType,
  mediaUrl,
  type RateLimitMetadata,
  type RateLimitPayload,
} from '@podruga/shared';

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
  /** An optimistic message whose send failed (shown marked "Не отправлено", not removed, retryable). */
  failed?: boolean;
  /** A reply cut short (a server restart or a model failure): its text is what arrived. */
  interrupted?: boolean;
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

function rateLimitOf(message: Message): RateLimitMetadata | null {
  if (message.message_type !== 'rate_limit' || !message.metadata) return null;
  const { show_upgrade_button, tier, reset_hours, reset_minutes } = message.metadata;
  if (typeof tier !== 'string') return null;
  return {
    show_upgrade_button: show_upgrade_button !== false,
    tier: tier as RateLimitMetadata['tier'],
    reset_hours: typeof reset_hours === 'number' ? reset_hours : 0,
    reset_minutes: typeof reset_minutes === 'number' ? reset_minutes : 0,
  };
}

/** A server message as the list shows it. */
export function fromServer(message: Message, now: number = Date.now()): ChatMessage {
  const { text, description } = splitImageDescription(message.content ?? '');
  const videoUrl = typeof message.metadata?.video_url === 'string' ? message.metadata.video_url : null;
  return {
    id: message.id,
    sender: message.is_user ? 'user' : 'assistant',
    text,
    description,
    image: mediaUrl(message.image_path),
    video: mediaUrl(message.video_path ?? videoUrl),
    type: message.message_type,
    status:
      message.voice_call_status ??
      (typeof message.metadata?.status === 'string' ? message.metadata.status : null),
    duration: message.voice_call_duration,
    timestamp: parseTime(message.created_at, now),
    streaming: message.is_streaming,
    pending: false,
    rateLimit: rateLimitOf(message),
    ...(message.metadata?.interrupted || message.metadata?.partial ? { interrupted: true } : {}),
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
    },
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

/**
 * One card per limit window (issue 9): cards with no reply of hers between them belong to one window
 * (she cannot answer until the limit leaves room), so of each such run only the last card stays, where
 * the run's last card was. Histories stored before the server kept one card a day had a card per send.
 */
export function collapseRateLimitCards(messages: readonly ChatMessage[]): ChatMessage[] {
  const keep: boolean[] = messages.map(() => true);
  let laterCardInRun = false;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as ChatMessage;
    if (isRateLimitCard(m)) {
      if (laterCardInRun) keep[i] = false;
      laterCardInRun = true;
    } else if (isReply(m)) {
      laterCardInRun = false;
    }
  }
  return messages.filter((_, i) => keep[i]);
}

/**
 * A card arriving live: it replaces the card with its id and any card of the current window (after her
 * last reply), and goes to the end, under the message it refused.
 */
export function withRateLimitCard(messages: readonly ChatMessage[], card: ChatMessage): ChatMessage[] {
  let lastReply = -1;
  messages.forEach((m, i) => {
    if (isReply(m)) lastReply = i;
  });
  const rest = messages.filter((m, i) => !(isRateLimitCard(m) && (m.id === card.id || i > lastReply)));
  return [...rest, card];
}

/** The user's messages that did not go through and can be sent again: text only (a photo's file is gone). */
export function isRetryable(message: ChatMessage): boolean {
  return message.sender === 'user' && !!message.failed && !message.image && message.text.trim() !== '';
}
