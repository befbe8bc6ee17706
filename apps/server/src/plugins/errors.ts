import type { Socket } from 'node:net';
import { CONTROL_CHARS_MESSAGE, type ErrorBody, type ErrorCode, SERVER_MESSAGES } from '@podruga/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

const CYRILLIC = /[а-яё]/i;

/**
 * The `detail` of a request that failed its route schema: the first issue's message when it is one of
 * our Russian texts (the shared schemas name every rule the user can break, in the spec's order); zod's
 * own English fallbacks (a number where a string belongs: a client bug, not a typo) get the generic text.
 */
function validationDetail(message: string | undefined): string {
  return message && CYRILLIC.test(message) ? message : SERVER_MESSAGES.badRequest;
}

/** Framework errors we let through with their status, each with our code and Russian text. */
const CLIENT_ERRORS: Record<number, { code: ErrorCode; detail: string }> = {
  401: { code: 'unauthorized', detail: SERVER_MESSAGES.unauthorized },
  403: { code: 'forbidden', detail: SERVER_MESSAGES.forbidden },
  404: { code: 'not_found', detail: SERVER_MESSAGES.notFound },
  405: { code: 'method_not_allowed', detail: SERVER_MESSAGES.methodNotAllowed },
  408: { code: 'request_timeout', detail: SERVER_MESSAGES.requestTimeout },
  413: { code: 'payload_too_large', detail: SERVER_MESSAGES.payloadTooLarge },
  414: { code: 'uri_too_long', detail: SERVER_MESSAGES.uriTooLong },
  415: { code: 'unsupported_media_type', detail: SERVER_MESSAGES.unsupportedMediaType },
  429: { code: 'rate_limited', detail: SERVER_MESSAGES.tooManyRequests },
  431: { code: 'headers_too_large', detail: SERVER_MESSAGES.headersTooLarge },
};

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  return typeof error.statusCode === 'number' ? error.statusCode : undefined;
}

/** Maps any thrown value to the status and `{detail, code}` the client gets. */
function toErrorReply(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { ...error.extra, detail: error.detail, code: error.code } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const detail = validationDetail(error.validation[0]?.message);
    return {
      status: 400,
      body: { detail, code: detail === CONTROL_CHARS_MESSAGE ? 'invalid_characters' : 'validation_failed' },
    };
  }
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    return {
      status,
      body: CLIENT_ERRORS[status] ?? { detail: SERVER_MESSAGES.badRequest, code: 'bad_request' },
    };
  }
  return { status: 500, body: { detail: SERVER_MESSAGES.internal, code: 'internal' } };
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body } = toErrorReply(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else if (!(error instanceof AppError)) request.log.info({ err: error }, 'request rejected');
  if (error instanceof AppError) reply.headers(error.headers);
  return reply.status(status).send(body);
}

/**
 * One error handler for the whole app: every error leaves as `{detail, code}`. Server faults are
 * logged in full and answered with a fixed text: no stack, message or SQL ever reaches the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * The raw HTTP answer to a request Node's parser refused before Fastify saw it (a malformed request
 * line or header, headers over the size limit, a request that timed out): same `{detail, code}`.
 */
function clientErrorResponse(code: string | undefined): string {
  const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(
    CLIENT_ERRORS[status] ?? { detail: SERVER_MESSAGES.badRequest, code: 'bad_request' },
  );
  const reason =
    status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  return (
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/**
 * Fastify options for the errors its router and Node answer themselves (a bad URL encoding, a path
 * parameter over `maxParamLength` → 414, a malformed request): our format instead of theirs.
 */
export const frameworkErrorOptions = {
  frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
    const status = (error as { code?: string }).code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
    const { body } = toErrorReply({ statusCode: status });
    request.log.info({ err: error }, 'request rejected by the router');
    return reply.status(status).send(body);
  },
  clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
    // A reset connection, or one already gone: nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) socket.write(clientErrorResponse(error.code));
    socket.destroy(error);
  },
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>;
