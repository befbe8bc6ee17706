/**
 * Every error leaves the server as `{detail, code}`: `detail` is what the client shows (Russian where
 * the spec has a text), `code` is a stable id the client may branch on.
 */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'token_expired',
  'invalid_credentials',
  'forbidden',
  /** An account without active Plus on a Plus-only route. */
  'plus_required',
  /** Cancelling paid access that is not active (never bought, expired or already cancelled). */
  'no_active_access',
  'not_found',
  'conflict',
  'email_taken',
  'wrong_password',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'send_throttled',
  'anonymous_limit',
  'token_invalid',
  'internal',
  'service_unavailable',
  'maintenance',
  'companion_limit',
  /** The day's voice-call seconds are spent (issue 15). */
  'voice_limit',
  'safety_refused',
  /** Creation by likeness: the photo does not show exactly one adult (DESIGN §6). */
  'likeness_refused',
  'provider_error',
  /** A control character (NUL, bidi override, …) in what the user sent. */
  'invalid_characters',
  'method_not_allowed',
  'uri_too_long',
  'headers_too_large',
  'request_timeout',
  /** "Continue" of a reply that is not cut short any more (issue 17). */
  'continue_gone',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  detail: string;
  code: ErrorCode;
  /** Extra fields some errors carry (e.g. companion_limit: paywall_context, current_count, limit). */
  [extra: string]: unknown;
}
