import { hasControlChars } from '@podruga/shared';
import type { FastifyInstance } from 'fastify';
import { errors } from '../errors.ts';

/**
 * True when a string anywhere in `value` (object keys included) holds a control character other than
 * tab and line breaks. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function containsControlChars(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (hasControlChars(next, true)) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (typeof next === 'object' && next !== null && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (hasControlChars(key, true)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * Issue 9: a NUL byte reached PostgreSQL (which refuses it in text) and came back as a 500. Every
 * request's parsed body, query string and path parameters are checked with the free-text rule
 * before any route sees them (a 400 `invalid_characters`); one-line fields get the stricter rule
 * from their shared schemas, multipart text fields in `readMultipartForm`.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (
      containsControlChars(request.params) ||
      containsControlChars(request.query) ||
      containsControlChars(request.body)
    ) {
      throw errors.invalidCharacters();
    }
  });
}
