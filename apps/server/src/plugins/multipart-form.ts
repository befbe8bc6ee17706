import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
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

/** The file of a form read by `multipartBody`, for the route's body schema (present and non-empty by then). */
export const uploadedFileSchema = z.instanceof(Buffer);

/**
 * An upload route's preValidation hook: reads the form (as `readMultipartForm`, with the route's texts)
 * into `request.body` as its text fields plus `file`, so the route's body schema checks the fields like
 * any other body, and the handler reads them typed from `request.body`.
 */
function multipartBody(texts: { missing: string; tooLarge: string }) {
  return async (request: FastifyRequest): Promise<void> => {
    const { fields, file } = await readMultipartForm(request, texts);
    request.body = { ...fields, file };
  };
}

/** Room for a form's boundaries, headers and text fields around its one file. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The options of an upload route: a body limit of the file's cap plus the form's overhead, and the
 * `multipartBody` hook with the route's texts. Spread into the route's options.
 */
export function multipartUpload(maxFileBytes: number, texts: { missing: string; tooLarge: string }) {
  return { bodyLimit: maxFileBytes + FORM_OVERHEAD_BYTES, preValidation: multipartBody(texts) };
}
