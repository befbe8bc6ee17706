import { AUTH_MESSAGES, type ErrorCode, SERVER_MESSAGES } from '@podruga/shared';

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
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

/** Factories with the status and code each case always has, so call sites cannot mismatch them. */
export const errors = {
  validation: (detail: string) => new AppError(400, 'validation_failed', detail),
  unauthorized: () => new AppError(401, 'unauthorized', SERVER_MESSAGES.unauthorized),
  sessionExpired: () => new AppError(401, 'token_expired', SERVER_MESSAGES.sessionExpired),
  invalidCredentials: () => new AppError(401, 'invalid_credentials', SERVER_MESSAGES.invalidCredentials),
  wrongPassword: () => new AppError(401, 'wrong_password', AUTH_MESSAGES.wrongPassword),
  forbidden: (detail: string = SERVER_MESSAGES.forbidden) => new AppError(403, 'forbidden', detail),
  notFound: () => new AppError(404, 'not_found', SERVER_MESSAGES.notFound),
  emailTaken: () => new AppError(409, 'email_taken', AUTH_MESSAGES.emailTaken),
  tokenInvalid: () => new AppError(400, 'token_invalid', SERVER_MESSAGES.tokenInvalid),
  tooManyRequests: (detail: string = SERVER_MESSAGES.tooManyRequests) =>
    new AppError(429, 'rate_limited', detail),
  /** Too many messages in a few seconds (not the daily limit): nothing was stored, try again shortly. */
  sendThrottled: (detail: string) => new AppError(429, 'send_throttled', detail),
  anonymousLimit: () => new AppError(429, 'anonymous_limit', SERVER_MESSAGES.anonymousLimit),
  maintenance: () => new AppError(503, 'maintenance', SERVER_MESSAGES.maintenance),
  conflict: (detail: string) => new AppError(409, 'conflict', detail),
  payloadTooLarge: (detail: string) => new AppError(413, 'payload_too_large', detail),
  unsupportedMediaType: (detail: string) => new AppError(415, 'unsupported_media_type', detail),
  safetyRefused: (detail: string) => new AppError(400, 'safety_refused', detail),
  providerError: (detail: string) => new AppError(503, 'provider_error', detail),
};
