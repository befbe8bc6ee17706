import { confirmAdultResponseSchema } from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

/** POST /api/user/confirm-adult: the 18+ answer, kept on the user. */
export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.post(
    '/confirm-adult',
    { config: { access: 'guest' }, schema: { response: { 200: confirmAdultResponseSchema } } },
    async (request) => service.confirmAdult(userOf(request)),
  );
};
