import { adoptResponseSchema, catalogueIdParamsSchema, catalogueResponseSchema } from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { presentCharacter, presentChat } from '../characters/characters.presenter.ts';
import type { CatalogueService } from './catalogue.service.ts';

/** GET /api/catalogue and POST /api/catalogue/{id}/adopt (the /gfs gallery). */
export const catalogueRoutes: FastifyPluginAsyncZod<{ service: CatalogueService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    { config: { access: 'guest' }, schema: { response: { 200: catalogueResponseSchema } } },
    async () => ({ items: await service.list() }),
  );

  app.post(
    '/:id/adopt',
    {
      config: { access: 'guest' },
      schema: { params: catalogueIdParamsSchema, response: { 200: adoptResponseSchema } },
    },
    async (request) => {
      const { character, chat } = await service.adopt(userOf(request), request.params.id);
      return { character: presentCharacter(character), chat: presentChat(chat) };
    },
  );
};
