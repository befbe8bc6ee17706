import { characterSchema, chatSchema, generateImageResponseSchema } from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthHooks, userOf } from '../../plugins/auth.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { presentCharacter, presentChat } from './characters.presenter.ts';
import type { CharactersService } from './characters.service.ts';
import type { PortraitService } from './portrait.service.ts';

const idParams = z.object({ id: z.string() });

/** /api/characters/* (000 §7, 001 §7): thin — the service validates (Russian messages) and checks ownership. */
export const charactersRoutes: FastifyPluginAsyncZod<{
  service: CharactersService;
  portraits: PortraitService;
  auth: AuthHooks;
}> = async (app, { service, portraits, auth }) => {
  const signedIn = { preHandler: auth.requireUser };

  app.get('/', { ...signedIn, schema: { response: { 200: z.array(characterSchema) } } }, async (request) =>
    (await service.list(userOf(request))).map(presentCharacter),
  );

  app.post('/', { ...signedIn, schema: { response: { 200: characterSchema } } }, async (request) =>
    presentCharacter(await service.create(userOf(request), request.body)),
  );

  app.post(
    '/generate_image',
    {
      ...signedIn,
      config: { rateLimit: RATE_LIMITS.generateImage },
      schema: { response: { 200: generateImageResponseSchema } },
    },
    async (request) => portraits.generate(userOf(request), request.body),
  );

  app.get(
    '/:id',
    { ...signedIn, schema: { params: idParams, response: { 200: characterSchema } } },
    async (request) => presentCharacter(await service.get(userOf(request), request.params.id)),
  );

  app.put(
    '/:id',
    { ...signedIn, schema: { params: idParams, response: { 200: characterSchema } } },
    async (request) =>
      presentCharacter(await service.update(userOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    { ...signedIn, schema: { params: idParams, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      await service.delete(userOf(request), request.params.id);
      return { success: true as const };
    },
  );
};

/** /api/chats/* (000 §7). */
export const chatsRoutes: FastifyPluginAsyncZod<{ service: CharactersService; auth: AuthHooks }> = async (
  app,
  { service, auth },
) => {
  const signedIn = { preHandler: auth.requireUser };

  app.get('/', { ...signedIn, schema: { response: { 200: z.array(chatSchema) } } }, async (request) =>
    (await service.listChats(userOf(request))).map(presentChat),
  );

  app.post('/', { ...signedIn, schema: { response: { 200: chatSchema } } }, async (request) =>
    presentChat(await service.createChat(userOf(request), request.body)),
  );

  app.get(
    '/character/:id',
    { ...signedIn, schema: { params: idParams, response: { 200: z.array(chatSchema) } } },
    async (request) => (await service.chatsOfCharacter(userOf(request), request.params.id)).map(presentChat),
  );
};
