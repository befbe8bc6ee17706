import { ERROR_CODES, type ErrorCode, NETWORK_ERROR, STATUS_MESSAGES } from '@podruga/shared';

/** `network` covers a failed fetch and the request timeout; everything else is the server's code. */
export type ApiErrorCode = ErrorCode | 'network';

/** An error answer `{detail, code}` from the API, or a network failure, typed for the UI. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The server's `detail` (Russian where the spec has a text); NETWORK_ERROR for network failures. */
  readonly detail: string;
  /** Whether the server sent a `detail` of its own (the UI then shows it instead of its default text). */
  readonly hasServerDetail: boolean;
  /** The rest of the error body (e.g. companion_limit: paywall_context, current_count, limit). */
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    code: ApiErrorCode,
    detail: string,
    hasServerDetail: boolean,
    extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.hasServerDetail = hasServerDetail;
    this.extra = extra;
  }

  static network(): ApiError {
    return new ApiError(0, 'network', NETWORK_ERROR, false);
  }

  /** Builds the error from a status and a parsed body, whatever shape the body turned out to have. */
  static fromBody(status: number, body: unknown): ApiError {
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const detail = typeof record.detail === 'string' && record.detail.trim() ? record.detail : null;
    const code = isErrorCode(record.code) ? record.code : codeForStatus(status);
    const { detail: _detail, code: _code, ...extra } = record;
    return new ApiError(status, code, detail ?? fallbackDetail(status), detail !== null, extra);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's detail when it sent one, else the caller's default text. */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error) && (error.hasServerDetail || error.code === 'network')) return error.detail;
  return fallback;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'bad_request';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'service_unavailable';
  return status >= 500 ? 'internal' : 'bad_request';
}

function fallbackDetail(status: number): string {
  if (status === 401) return STATUS_MESSAGES.unauthorized;
  if (status === 403) return STATUS_MESSAGES.forbidden;
  if (status === 404) return STATUS_MESSAGES.notFound;
  if (status === 429) return STATUS_MESSAGES.tooManyRequests;
  if (status >= 500) return STATUS_MESSAGES.internal;
  return STATUS_MESSAGES.badRequest;
}
