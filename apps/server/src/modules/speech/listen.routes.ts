import { messageIdParamsSchema } from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import type { ListenService } from './listen.service.ts';

export interface ListenRoutesOptions {
  service: ListenService;
}

/** Her speech never changes once made; private: it is the user's conversation. */
const CACHE_CONTROL = 'private, max-age=604800';

/** GET /api/messages/{message_id}/speech: her message spoken in her voice (the listen button). */
export const listenRoutes: FastifyPluginAsyncZod<ListenRoutesOptions> = async (app, { service }) => {
  app.get(
    '/api/messages/:message_id/speech',
    {
      config: { access: 'guest', rateLimit: RATE_LIMITS.speech },
      schema: { params: messageIdParamsSchema },
    },
    async (request, reply) => {
      const speech = await service.speech(userOf(request), request.params.message_id);
      return reply
        .header('cache-control', CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .header('content-length', speech.size)
        .type(speech.contentType)
        .send(speech.body);
    },
  );
};
