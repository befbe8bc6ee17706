import type { z } from 'zod';
import { CONTROL_CHARS_MESSAGE, hasControlChars } from './text.ts';

/**
 * The one-line rule on a shared schema (names, e-mails, tokens, titles): no control characters at
 * all, not even the line breaks free text may keep. The server answers it as `invalid_characters`.
 */
export function oneLine<S extends z.ZodString>(schema: S): S {
  return schema.refine((value) => !hasControlChars(value), { error: CONTROL_CHARS_MESSAGE });
}
