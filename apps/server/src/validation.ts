import { CONTROL_CHARS_MESSAGE, SERVER_MESSAGES } from '@podruga/shared';
import type { z } from 'zod';
import { errors } from './errors.ts';

const CYRILLIC = /[а-яё]/i;

/** A validation message fit for the user: our Russian texts pass, zod's English fallbacks become the generic one. */
export function userMessage(message: string | undefined): string {
  return message && CYRILLIC.test(message) ? message : SERVER_MESSAGES.badRequest;
}

/**
 * Parses with a shared schema; the first issue's Russian message becomes the 400 detail (code
 * validation_failed, or invalid_characters for the one-line rule). Zod's own English fallbacks are
 * never shown: they become the generic text.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const message = userMessage(result.error.issues[0]?.message);
  if (message === CONTROL_CHARS_MESSAGE) throw errors.invalidCharacters();
  throw errors.validation(message);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
