import { limitsStatusSchema, messageLimitsSchema, userStatsSchema } from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import type { LimitsService } from './limits.service.ts';

/** GET /api/user/message-limits, /api/user/limits/status, /api/user/stats (000 §7). */
export const limitsRoutes: FastifyPluginAsyncZod<{ service: LimitsService }> = async (app, { service }) => {
  app.get(
    '/message-limits',
    { config: { access: 'guest' }, schema: { response: { 200: messageLimitsSchema } } },
    async (request) => service.messageLimits(userOf(request)),
  );
  app.get(
    '/limits/status',
    { config: { access: 'guest' }, schema: { response: { 200: limitsStatusSchema } } },
    async (request) => service.limitsStatus(userOf(request)),
  );
  app.get(
    '/stats',
    { config: { access: 'guest' }, schema: { response: { 200: userStatsSchema } } },
    async (request) => service.stats(userOf(request)),
  );
};
