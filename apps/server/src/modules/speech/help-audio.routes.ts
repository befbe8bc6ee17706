import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { sendByteRange } from '../../plugins/send-range.ts';
import type { StoragePort } from '../../providers/storage/port.ts';
import type { TtsPort } from '../../providers/tts/port.ts';
import { HelpAudioService } from './help-audio.service.ts';

export interface HelpAudioRoutesOptions {
  tts: TtsPort;
  storage: StoragePort;
  log: Logger;
}

/**
 * Per address (the guide is public): a listener's browser asks a few times per example (byte ranges),
 * so 120 per 10 minutes is plenty for people; a made example is served from memory, and each is made
 * once per process, so the limit only bounds floods.
 */
export const HELP_AUDIO_RATE_LIMIT = {
  max: 120,
  timeWindow: 10 * 60_000,
  errorResponseBuilder: () => errors.tooManyRequests(),
};

/** The same name and adapter give the same bytes (the ETag is their hash): a week, then a cheap 304. */
const CACHE_CONTROL = 'public, max-age=604800';

const paramsSchema = z.object({ name: z.string().max(64) });

const RANGE_MESSAGE = 'Запрошенная часть записи недоступна';

/**
 * GET /api/help/audio/{name}: the help guide's audio examples (voice01, voice02, call), public (the
 * guide is shown to guests and visitors), made by the text-to-speech port on first use.
 */
export const helpAudioRoutes: FastifyPluginAsyncZod<HelpAudioRoutesOptions> = async (app, deps) => {
  const service = new HelpAudioService(deps);
  app.get(
    '/api/help/audio/:name',
    {
      config: { access: 'public', rateLimit: HELP_AUDIO_RATE_LIMIT },
      schema: { params: paramsSchema },
    },
    async (request, reply) => {
      const { audio, contentType, hash } = await service.audio(request.params.name);
      const etag = `"${hash}"`;
      reply
        .header('cache-control', CACHE_CONTROL)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes')
        .type(contentType);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return sendByteRange(reply, request.headers.range, audio, RANGE_MESSAGE);
    },
  );
};
