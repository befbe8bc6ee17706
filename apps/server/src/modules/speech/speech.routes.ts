import multipart from '@fastify/multipart';
import { transcribeResponseSchema, VOICE_MESSAGE, VOICE_TEXTS } from '@podruga/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth.ts';
import { multipartUpload, uploadedFileSchema } from '../../plugins/multipart-form.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import type { SpeechService } from './speech.service.ts';

const transcribeBody = z.object({ file: uploadedFileSchema });

/** POST /api/speech/transcribe (001 §7): multipart `file` (the recording) → its text. */
export const speechRoutes: FastifyPluginAsyncZod<{ service: SpeechService }> = async (app, { service }) => {
  await app.register(multipart, {
    limits: { fileSize: VOICE_MESSAGE.maxBytes, files: 1, fields: 4, fieldSize: 1024 },
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/transcribe',
    {
      // A guest may send voice messages; with no session at all, the spec's own 401 text.
      config: { access: 'guest', unauthorized: VOICE_TEXTS.authRequired, rateLimit: RATE_LIMITS.transcribe },
      ...multipartUpload(VOICE_MESSAGE.maxBytes, {
        missing: VOICE_TEXTS.badAudio,
        tooLarge: VOICE_TEXTS.tooLarge,
      }),
      schema: { body: transcribeBody, response: { 200: transcribeResponseSchema } },
    },
    async (request, reply) => {
      // A client that leaves stops the call to the service.
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      return service.transcribe(userOf(request), request.body.file, gone.signal);
    },
  );
};
