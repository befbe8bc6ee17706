import { type ErrorBody, type ErrorCode, SERVER_MESSAGES } from '@podruga/shared';
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

/** Framework errors we let through with their status, each with our code and Russian text. */
const CLIENT_ERRORS: Record<number, { code: ErrorCode; detail: string }> = {
  401: { code: 'unauthorized', detail: SERVER_MESSAGES.unauthorized },
  403: { code: 'forbidden', detail: SERVER_MESSAGES.forbidden },
  404: { code: 'not_found', detail: SERVER_MESSAGES.notFound },
  413: { code: 'payload_too_large', detail: SERVER_MESSAGES.payloadTooLarge },
  415: { code: 'unsupported_media_type', detail: SERVER_MESSAGES.unsupportedMediaType },
  429: { code: 'rate_limited', detail: SERVER_MESSAGES.tooManyRequests },
};

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  return typeof error.statusCode === 'number' ? error.statusCode : undefined;
}

/** Maps any thrown value to the status and `{detail, code}` the client gets. */
export function toErrorReply(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { ...error.extra, detail: error.detail, code: error.code } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, body: { detail: SERVER_MESSAGES.badRequest, code: 'validation_failed' } };
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

/**
 * One error handler for the whole app: every error leaves as `{detail, code}`. Server faults are
 * logged in full and answered with a fixed text: no stack, message or SQL ever reaches the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorReply(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else if (!(error instanceof AppError)) request.log.info({ err: error }, 'request rejected');
    return reply.status(status).send(body);
  });
}
