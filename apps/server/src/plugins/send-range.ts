import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.ts';
import { parseByteRange } from '../modules/media/byte-range.ts';

/**
 * Sends `bytes` as asked by a `Range` header: the whole (200), one part (206 with Content-Range), or a
 * 416 `{detail, code}` with `rangeMessage` when the part lies outside them.
 */
export function sendByteRange(
  reply: FastifyReply,
  rangeHeader: string | undefined,
  bytes: Buffer,
  rangeMessage: string,
): FastifyReply {
  const range = parseByteRange(rangeHeader, bytes.length);
  if (range === null) return reply.header('content-length', bytes.length).send(bytes);
  if (range === 'unsatisfiable') {
    throw new AppError(416, 'bad_request', rangeMessage, {}, { 'content-range': `bytes */${bytes.length}` });
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
    .header('content-length', range.end - range.start + 1)
    .send(bytes.subarray(range.start, range.end + 1));
}
