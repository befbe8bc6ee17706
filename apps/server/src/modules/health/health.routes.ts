import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';

const healthResponseSchema = z.object({ status: z.literal('ok') });

/** What the balancer is told while this instance drains after SIGTERM (issue 17). */
export const DRAINING_TEXT = 'Сервер перезапускается';

/**
 * For load balancers and uptime checks; answers even in maintenance mode. While the instance drains
 * (a SIGTERM: the replies in flight finish, new messages are refused) it answers 503, so a balancer
 * stops sending it new requests before it is gone.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ draining?: () => boolean }> = async (app, options) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { response: { 200: healthResponseSchema } } },
    async () => {
      if (options.draining?.()) throw new AppError(503, 'service_unavailable', DRAINING_TEXT);
      return { status: 'ok' as const };
    },
  );
};
