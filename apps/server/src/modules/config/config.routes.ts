import { configResponseSchema, debugAccessBodySchema, debugAccessResponseSchema } from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import type { ConfigService } from './config.service.ts';

export const configRoutes: FastifyPluginAsyncZod<{ service: ConfigService }> = async (app, { service }) => {
  app.get(
    '/config',
    { config: { access: 'public' }, schema: { response: { 200: configResponseSchema } } },
    async () => service.clientConfig(),
  );

  app.post(
    '/debug/access',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.debugAccess },
      schema: { body: debugAccessBodySchema, response: { 200: debugAccessResponseSchema } },
    },
    async (request) => ({ allowed: service.debugAccessAllowed(request.body.token) }),
  );
};
