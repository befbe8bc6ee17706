import { confirmAdultResponseSchema, setPwaStatusBodySchema, userSchema } from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

/** POST /api/user/confirm-adult: the 18+ answer, kept on the user. POST /api/user/set-pwa-status. */
export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.post(
    '/confirm-adult',
    { config: { access: 'guest' }, schema: { response: { 200: confirmAdultResponseSchema } } },
    async (request) => service.confirmAdult(userOf(request)),
  );
  app.post(
    '/set-pwa-status',
    {
      config: { access: 'registered' },
      schema: { body: setPwaStatusBodySchema, response: { 200: userSchema } },
    },
    async (request) => service.markPwaUser(userOf(request)),
  );
};
