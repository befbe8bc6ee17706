import { AUTH_MESSAGES, CONTROL_CHARS_MESSAGE, type ErrorCode, SERVER_MESSAGES } from '@podruga/shared';

/**
 * An error we mean the client to see: status, stable code and the Russian text to show. Services throw
 * these (they know nothing of HTTP frameworks); the error handler turns them into `{detail, code}`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string,
    /** Extra body fields some errors carry (companion_limit: paywall_context, current_count, limit). */
    readonly extra: Record<string, unknown> = {},
    /** Response headers the error carries (a 429's Retry-After, a 405's Allow). */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

function retryAfter(seconds: number | undefined): Record<string, string> {
  return seconds === undefined ? {} : { 'retry-after': String(Math.max(1, Math.ceil(seconds))) };
}

/** Factories with the status and code each case always has, so call sites cannot mismatch them. */
export const errors = {
  validation: (detail: string) => new AppError(400, 'validation_failed', detail),
  badRequest: () => new AppError(400, 'bad_request', SERVER_MESSAGES.badRequest),
  unauthorized: () => new AppError(401, 'unauthorized', SERVER_MESSAGES.unauthorized),
  sessionExpired: () => new AppError(401, 'token_expired', SERVER_MESSAGES.sessionExpired),
  invalidCredentials: () => new AppError(401, 'invalid_credentials', SERVER_MESSAGES.invalidCredentials),
  wrongPassword: () => new AppError(401, 'wrong_password', AUTH_MESSAGES.wrongPassword),
  forbidden: (detail: string = SERVER_MESSAGES.forbidden) => new AppError(403, 'forbidden', detail),
  /** A route for active Plus only (`access: 'plus'`): the client may open the paywall. */
  plusRequired: () => new AppError(403, 'plus_required', SERVER_MESSAGES.plusRequired),
  notFound: () => new AppError(404, 'not_found', SERVER_MESSAGES.notFound),
  emailTaken: () => new AppError(409, 'email_taken', AUTH_MESSAGES.emailTaken),
  tokenInvalid: () => new AppError(400, 'token_invalid', SERVER_MESSAGES.tokenInvalid),
  tooManyRequests: (detail: string = SERVER_MESSAGES.tooManyRequests, retryAfterS?: number) =>
    new AppError(429, 'rate_limited', detail, {}, retryAfter(retryAfterS)),
  /** Too many messages in a few seconds (not the daily limit): nothing was stored, try again shortly. */
  sendThrottled: (detail: string) => new AppError(429, 'send_throttled', detail),
  anonymousLimit: (retryAfterS?: number) =>
    new AppError(429, 'anonymous_limit', SERVER_MESSAGES.anonymousLimit, {}, retryAfter(retryAfterS)),
  /** NUL and other control characters (PostgreSQL refuses NUL in text): a 400, never a 500. */
  invalidCharacters: () => new AppError(400, 'invalid_characters', CONTROL_CHARS_MESSAGE),
  methodNotAllowed: (allowed: string[]) =>
    new AppError(
      405,
      'method_not_allowed',
      SERVER_MESSAGES.methodNotAllowed,
      {},
      { allow: allowed.join(', ') },
    ),
  maintenance: () => new AppError(503, 'maintenance', SERVER_MESSAGES.maintenance),
  conflict: (detail: string) => new AppError(409, 'conflict', detail),
  payloadTooLarge: (detail: string) => new AppError(413, 'payload_too_large', detail),
  unsupportedMediaType: (detail: string) => new AppError(415, 'unsupported_media_type', detail),
  safetyRefused: (detail: string) => new AppError(400, 'safety_refused', detail),
  providerError: (detail: string) => new AppError(503, 'provider_error', detail),
};
