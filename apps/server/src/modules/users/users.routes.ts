import { confirmAdultResponseSchema } from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthHooks, userOf } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService; auth: AuthHooks }> = async (
  app,
  { service, auth },
) => {
  app.post(
    '/confirm-adult',
    { preHandler: auth.requireUser, schema: { response: { 200: confirmAdultResponseSchema } } },
    async (request) => service.confirmAdult(userOf(request)),
  );
};
