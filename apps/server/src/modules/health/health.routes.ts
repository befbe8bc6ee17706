import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthResponseSchema = z.object({ status: z.literal('ok') });

/** For load balancers and uptime checks; answers even in maintenance mode. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );
};
