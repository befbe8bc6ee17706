import type { ProviderInfo } from '../port.ts';

/**
 * What the app refuses (DESIGN §6, issue 11): sexual content with minors, sexual content of real,
 * identifiable people, undressing a photo the user sent. A moderation service's other categories
 * (adult sexual content, violence in fiction, …) are not refusals here: this is an adult app.
 */
export type ModerationReason = 'minor' | 'real_person' | 'undress_photo';

export interface ModerationRequest {
  /** The text to judge: a user's message or field, or her reply. */
  text: string;
  /** Whose text it is: a user's input, or the model's reply (the guard model is told which). */
  role: 'user' | 'assistant';
  /** The user's last few turns before it, oldest first: the context a verdict needs. */
  history?: readonly string[] | undefined;
  signal?: AbortSignal | undefined;
}

export type ModerationVerdict =
  | { flagged: false }
  | {
      flagged: true;
      reason: ModerationReason;
      /** The service's own category names or codes, for the log (never shown to the user). */
      categories: string[];
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

/** The first reason of a set, most serious first: a minor outranks a real person, who outranks a photo. */
export const REASON_ORDER: readonly ModerationReason[] = ['minor', 'real_person', 'undress_photo'];

export function mostSerious(reasons: Iterable<ModerationReason>): ModerationReason | undefined {
  const found = new Set(reasons);
  return REASON_ORDER.find((r) => found.has(r));
}
