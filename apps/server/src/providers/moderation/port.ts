import type { SafetyTurn } from '../../modules/safety/turns.ts';
import type { ProviderInfo } from '../port.ts';

/**
 * What the app refuses (DESIGN §6, issue 11): sexual content with minors, sexual content of real,
 * identifiable people, undressing a photo the user sent. And what it answers with care instead (issue
 * 27): suicidal ideation or self-harm gets the crisis protocol, not a refusal. A moderation service's
 * other categories (adult sexual content, violence in fiction, …) are neither: this is an adult app.
 */
export type ModerationReason = 'minor' | 'real_person' | 'undress_photo' | 'self_harm';

export interface ModerationRequest {
  /** The text to judge: a user's message or field, or her reply. */
  text: string;
  /** Whose text it is: a user's input, or the model's reply (the guard model is told which). */
  role: 'user' | 'assistant';
  /**
   * The chat's turns before it, oldest first, with who said each: the context a verdict needs. When
   * given it wins over `history`.
   */
  turns?: readonly SafetyTurn[] | undefined;
  /** The user's last few turns before it, oldest first (the older form of `turns`: user turns only). */
  history?: readonly string[] | undefined;
  /**
   * Short facts the chat has established, shown to the guard as context: "another character, Ника, is
   * stated to be 14", "a real person is named: Ольга Бузова".
   */
  scene?: readonly string[] | undefined;
  signal?: AbortSignal | undefined;
}

export type ModerationVerdict =
  | {
      flagged: false;
      /** What the service named that is not a refusal here (adult sexual content, …), for the log. */
      categories?: string[];
    }
  | {
      flagged: true;
      /** The most serious of `reasons` (REASON_ORDER). */
      reason: ModerationReason;
      /** Every reason the service found, most serious first: a crisis can come with a refusal. */
      reasons?: ModerationReason[];
      /** The service's own category names or codes, for the log (never shown to the user). */
      categories: string[];
      /** How sure the service says it is, 0–1, when it says. */
      confidence?: number;
    };

/** A second opinion on top of the rules: a moderation endpoint or a guard model. */
export interface ModerationPort extends ProviderInfo {
  check(request: ModerationRequest): Promise<ModerationVerdict>;
}

export type ModerationErrorKind = 'timeout' | 'unavailable' | 'bad_response';

/** The service failed or was too slow; the caller decides to fail open or closed (decision 0015). */
export class ModerationError extends Error {
  override name = 'ModerationError';
  constructor(
    readonly kind: ModerationErrorKind,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`moderation ${kind}${status ? ` (HTTP ${status})` : ''}`, options);
  }
}

/**
 * Most serious first: a minor outranks a real person, who outranks a photo; self-harm comes last
 * because it is the one reason that is not a refusal — a message that also asks for a forbidden scene
 * is refused for that, and `reasons` still carries `self_harm` so the caller can answer with care too.
 */
export const REASON_ORDER: readonly ModerationReason[] = [
  'minor',
  'real_person',
  'undress_photo',
  'self_harm',
];

/** The reasons of a set, most serious first, each once. */
export function bySeriousness(reasons: Iterable<ModerationReason>): ModerationReason[] {
  const found = new Set(reasons);
  return REASON_ORDER.filter((r) => found.has(r));
}

export function mostSerious(reasons: Iterable<ModerationReason>): ModerationReason | undefined {
  return bySeriousness(reasons)[0];
}

/** A verdict from the reasons a service found and its own names for them: flagged when any is ours. */
export function verdictOf(
  reasons: Iterable<ModerationReason>,
  categories: string[],
  confidence?: number,
): ModerationVerdict {
  const ordered = bySeriousness(reasons);
  const [reason] = ordered;
  if (!reason) return categories.length ? { flagged: false, categories } : { flagged: false };
  return {
    flagged: true,
    reason,
    reasons: ordered,
    categories,
    ...(confidence === undefined ? {} : { confidence }),
  };
}
