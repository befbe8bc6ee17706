import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { CallbackRejected, type CallbackRequest, PaymentProviderError } from './port.ts';

/** Used when an adapter's options give no timeout. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/** How much of a provider's body goes to the log with an error. */
const DETAIL_LIMIT = 500;
/** The largest answer read (the currency list is the biggest, some 100 kB). */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface ProviderCall {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string> | undefined;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string> | undefined;
  /** Sent as multipart/form-data. */
  multipart?: Record<string, string> | undefined;
  timeoutMs: number;
  /** A 404 means "no such payment" (a status call) rather than a refused request. */
  notFoundOn404?: boolean | undefined;
}

/**
 * One call to a payment provider with its own deadline; answers the parsed JSON. Every failure becomes a
 * PaymentProviderError: network error, timeout and 5xx (and 408/429) → unavailable, other 4xx → rejected
 * (404 → not_found when asked), a body that is not JSON → bad_response. The provider's body travels only
 * in `detail`, for the log.
 */
export async function callProvider(call: ProviderCall): Promise<unknown> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  let body: string | FormData | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  } else if (call.multipart) {
    // fetch sets the multipart content type with its boundary.
    const data = new FormData();
    for (const [key, value] of Object.entries(call.multipart)) data.append(key, value);
    body = data;
  }

  let response: Response;
  try {
    // No redirects: they would carry the key headers to wherever they point; a 3xx is a refusal.
    response = await fetch(call.url, {
      method: call.method,
      headers,
      body,
      signal: timeout,
      redirect: 'manual',
    });
  } catch (error) {
    throw new PaymentProviderError('unavailable', undefined, {
      cause: error,
      detail: timeout.aborted ? 'timeout' : describeError(error),
    });
  }

  let text: string;
  try {
    text = await readText(response);
  } catch (error) {
    if (error instanceof PaymentProviderError) throw error;
    // A timeout or a dropped connection while the body arrives.
    throw new PaymentProviderError('unavailable', response.status, {
      cause: error,
      detail: timeout.aborted ? 'timeout while reading the body' : describeError(error),
    });
  }

  if (!response.ok) {
    const status = response.status;
    const kind =
      status >= 500 || status === 408 || status === 429
        ? 'unavailable'
        : status === 404 && call.notFoundOn404
          ? 'not_found'
          : 'rejected';
    throw new PaymentProviderError(kind, status, { detail: clip(text) });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new PaymentProviderError('bad_response', response.status, { cause: error, detail: clip(text) });
  }
}

/** The body as text, refusing more than MAX_BODY_BYTES (a provider's answers are small). */
async function readText(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_BODY_BYTES) {
    await response.body?.cancel().catch(() => {});
    throw new PaymentProviderError('bad_response', response.status, { detail: `body of ${declared} bytes` });
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) {
      await response.body.cancel().catch(() => {});
      throw new PaymentProviderError('bad_response', response.status, { detail: 'body over the size limit' });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Checks a provider's answer against its expected shape; a mismatch is a bad response. */
export function parseAnswer<T extends z.ZodType>(schema: T, answer: unknown): z.output<T> {
  const result = schema.safeParse(answer);
  if (!result.success) {
    throw new PaymentProviderError('bad_response', undefined, {
      cause: result.error,
      detail: `${z.prettifyError(result.error).slice(0, 300)} in ${clip(JSON.stringify(answer))}`,
    });
  }
  return result.data;
}

// ---------------------------------------------------------------- defensive field types

const NUMERIC = /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/;

/** A number that some providers send as a string ("10.5"). */
export const looseNumber = z.union([
  z.number().finite(),
  z
    .string()
    .regex(NUMERIC)
    .transform((value) => Number(value)),
]);

/** An id that may arrive as a number or a string; always a non-empty string for us. */
export const looseId = z.union([
  z.string().trim().min(1),
  z
    .number()
    .int()
    .nonnegative()
    .transform((value) => String(value)),
]);

/** A value the provider may leave out or send as null; undefined for us either way. */
export const optional = <T extends z.ZodType>(schema: T) =>
  schema
    .nullish()
    .catch(undefined)
    .transform((value) => value ?? undefined);

/** A date string, or null when absent or unreadable (never fails the whole answer). */
export const looseDate = z
  .unknown()
  .optional()
  .transform((value) => {
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  });

// ---------------------------------------------------------------- callbacks

/** Equal strings, compared in constant time whatever their lengths (hashing first hides the length). */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/** A header's first value ('' when absent); the names in CallbackRequest are lower-case. */
export function headerValue(request: CallbackRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** A callback body as a flat or nested object: JSON, or form-urlencoded fields; else 'malformed'. */
export function parseCallbackBody(request: CallbackRequest): Record<string, unknown> {
  const text = request.rawBody.trim();
  const type = (request.contentType ?? '').toLowerCase();
  const looksJson = type.includes('json') || text.startsWith('{');
  if (looksJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new CallbackRejected('malformed');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new CallbackRejected('malformed');
    }
    return parsed as Record<string, unknown>;
  }
  if (text === '') throw new CallbackRejected('malformed');
  return Object.fromEntries(new URLSearchParams(text));
}

/** Parses a callback's fields with a schema; a mismatch is 'malformed'. */
export function parseCallback<T extends z.ZodType>(schema: T, fields: unknown): z.output<T> {
  const result = schema.safeParse(fields);
  if (!result.success) throw new CallbackRejected('malformed');
  return result.data;
}

// ---------------------------------------------------------------- small things

/** `https://host/path/` → `https://host/path`. */
export function trimBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/** Where requests go, for the boot log: the origin only (never a key or a path with a secret). */
export function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return '(invalid base URL)';
  }
}

function clip(text: string): string {
  return text.length > DETAIL_LIMIT ? `${text.slice(0, DETAIL_LIMIT)}…` : text;
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
