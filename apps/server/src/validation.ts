import { SERVER_MESSAGES } from '@podruga/shared';
import type { z } from 'zod';
import { errors } from './errors.ts';

const CYRILLIC = /[а-яё]/i;

/**
 * Parses with a shared schema; the first issue's Russian message becomes the 400 detail (code
 * validation_failed). Zod's own English fallbacks are never shown: they become the generic text.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? '';
  throw errors.validation(CYRILLIC.test(message) ? message : SERVER_MESSAGES.badRequest);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
