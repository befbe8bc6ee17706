import { hasControlChars, MESSAGE_MAX_CHARS } from '@podruga/shared';
import { AppError, errors } from '../../../errors.ts';
import type { SendThrottle } from '../../limits/send-throttle.ts';
import type { MessagesRepository } from '../messages.repository.ts';
import { MESSAGE_TEXTS } from '../messages.texts.ts';
import type { SendInput } from './outcome.ts';

/**
 * Step 1, admit or refuse: everything here runs before anything is counted or stored, so a refused
 * message costs the user nothing and leaves no row. Each check throws an `AppError` (its text reaches
 * the sender as `{detail, code}` over REST, an `error` event with the `client_id` over the socket).
 */

/** A stored media name: flat, no scheme, no path (`<hash>.jpg`). Ownership is checked after. */
const MEDIA_NAME = /^[A-Za-z0-9][\w-]{0,150}(\.[A-Za-z0-9]{1,8})?$/;

/** Whether a send may start at all: not while the server shuts down, not past the user's throttle. */
export class SendGate {
  constructor(
    private readonly live: { readonly accepting: boolean },
    private readonly throttle: SendThrottle | undefined,
  ) {}

  /** 503 while shutting down (a deploy); 429 `send_throttled` past the user's throttle (not the daily limit). */
  async admit(userId: string): Promise<void> {
    this.assertOpen();
    if (this.throttle && !(await this.throttle.take(userId)))
      throw errors.sendThrottled(MESSAGE_TEXTS.throttled);
  }

  /** 503 once the server has begun shutting down: the client sends again after reconnecting. */
  assertOpen(): void {
    if (!this.live.accepting) throw new AppError(503, 'service_unavailable', MESSAGE_TEXTS.shuttingDown);
  }
}

/** The message as it is stored: the trimmed text and the media it names. */
export interface CheckedMessage {
  content: string;
  imagePath: string | null;
}

/** NUL, bidi overrides and other control characters in the text or the media name: 400 (newlines are fine). */
export function refuseControlChars(input: SendInput): void {
  const imagePath = input.imagePath || null;
  if (hasControlChars(input.content, true) || (imagePath && hasControlChars(imagePath))) {
    throw errors.invalidCharacters();
  }
}

/** The text trimmed; 400 when nothing is sent at all, or more than `MESSAGE_MAX_CHARS`. */
export function checkMessage(input: SendInput): CheckedMessage {
  const imagePath = input.imagePath || null;
  const content = input.content.trim();
  if (!content && !imagePath && !input.image) throw errors.validation(MESSAGE_TEXTS.empty);
  if (content.length > MESSAGE_MAX_CHARS) throw errors.validation(MESSAGE_TEXTS.tooLong);
  return { content, imagePath };
}

/** `image_path` names media this user stored (a photo they sent, a portrait of theirs), or 400. */
export async function checkOwnMedia(repo: MessagesRepository, userId: string, name: string): Promise<void> {
  if (!MEDIA_NAME.test(name) || name.includes('..') || !(await repo.ownsMedia(userId, name))) {
    throw errors.validation(MESSAGE_TEXTS.foreignImage);
  }
}
