import type { FastifyRequest } from 'fastify';
import { errors } from '../errors.ts';
import { containsControlChars } from './input-guard.ts';

export interface MultipartForm {
  fields: Record<string, string>;
  /** The uploaded file's bytes; undefined when none (or an empty one) was sent. */
  file: Buffer | undefined;
}

/**
 * Reads a multipart form with one file into memory (the route's @fastify/multipart limits bound it).
 * A body that is not multipart, or carries no file, is answered with `missing`; an oversized file with
 * `tooLarge` — both the route's own Russian texts. Text fields follow the free-text rule of the input
 * guard (control characters → 400), which cannot see inside a multipart body.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  texts: { missing: string; tooLarge: string },
): Promise<MultipartForm & { file: Buffer }> {
  if (!request.isMultipart()) throw errors.validation(texts.missing);
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') file = await part.toBuffer();
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw errors.payloadTooLarge(texts.tooLarge);
    if (status !== undefined && status >= 400 && status < 500) throw error;
    // Only the body is read here: whatever else goes wrong is a malformed multipart body.
    throw errors.badRequest();
  }
  if (containsControlChars(fields)) throw errors.invalidCharacters();
  if (!file || file.length === 0) throw errors.validation(texts.missing);
  return { fields, file };
}
