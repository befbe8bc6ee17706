import { supportContactBodySchema, supportContactResponseSchema } from '@podruga/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LinkContext } from '../../link-context.ts';
import { userOf } from '../../plugins/auth.ts';
import type { SupportService } from './support.service.ts';

/**
 * POST /api/support/contact (001 §7): any session, a guest's included — guests need help too, and the
 * session is what the per-user limit counts. The brand is the request's host's (its support address).
 */
export const supportRoutes: FastifyPluginAsyncZod<{
  service: SupportService;
  linkContext: (request: FastifyRequest) => LinkContext;
}> = async (app, { service, linkContext }) => {
  app.post(
    '/contact',
    {
      config: { access: 'guest' },
      schema: { body: supportContactBodySchema, response: { 200: supportContactResponseSchema } },
    },
    async (request) => service.contact(userOf(request), request.body, linkContext(request).brand),
  );
};
