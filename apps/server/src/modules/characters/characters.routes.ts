import {
  characterSchema,
  chatSchema,
  createCharacterBodySchema,
  createChatBodySchema,
  createExCharacterBodySchema,
  generateImageBodySchema,
  generateImageResponseSchema,
  idParamsSchema,
  updateCharacterBodySchema,
} from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { exRouteConfig } from '../likeness/gate.ts';
import { presentCharacter, presentChat } from './characters.presenter.ts';
import type { CharactersService } from './characters.service.ts';
import type { PortraitService } from './portrait.service.ts';

/** /api/characters/* (000 §7, 001 §7): thin — the schemas validate, the service checks ownership. */
export const charactersRoutes: FastifyPluginAsyncZod<{
  service: CharactersService;
  portraits: PortraitService;
}> = async (app, { service, portraits }) => {
  app.get(
    '/',
    { config: { access: 'guest' }, schema: { response: { 200: z.array(characterSchema) } } },
    async (request) => (await service.list(userOf(request))).map(presentCharacter),
  );

  app.post(
    '/',
    {
      config: { access: 'guest' },
      schema: { body: createCharacterBodySchema, response: { 200: characterSchema } },
    },
    async (request) => presentCharacter(await service.create(userOf(request), request.body)),
  );

  // Creation by likeness (000 §5): its own endpoint, active Plus only, checked before the body.
  app.post(
    '/ex',
    {
      config: exRouteConfig(),
      schema: { body: createExCharacterBodySchema, response: { 200: characterSchema } },
    },
    async (request) => presentCharacter(await service.createEx(userOf(request), request.body)),
  );

  app.post(
    '/generate_image',
    {
      config: { access: 'guest', rateLimit: RATE_LIMITS.generateImage },
      schema: { body: generateImageBodySchema, response: { 200: generateImageResponseSchema } },
    },
    async (request) => portraits.generate(userOf(request), request.body),
  );

  app.get(
    '/:id',
    { config: { access: 'guest' }, schema: { params: idParamsSchema, response: { 200: characterSchema } } },
    async (request) => presentCharacter(await service.get(userOf(request), request.params.id)),
  );

  app.put(
    '/:id',
    {
      config: { access: 'guest' },
      schema: { params: idParamsSchema, body: updateCharacterBodySchema, response: { 200: characterSchema } },
    },
    async (request) =>
      presentCharacter(await service.update(userOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'guest' },
      schema: { params: idParamsSchema, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (request) => {
      await service.delete(userOf(request), request.params.id);
      return { success: true as const };
    },
  );
};

/** /api/chats/* (000 §7). */
export const chatsRoutes: FastifyPluginAsyncZod<{ service: CharactersService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    { config: { access: 'guest' }, schema: { response: { 200: z.array(chatSchema) } } },
    async (request) => (await service.listChats(userOf(request))).map(presentChat),
  );

  app.post(
    '/',
    { config: { access: 'guest' }, schema: { body: createChatBodySchema, response: { 200: chatSchema } } },
    async (request) => presentChat(await service.createChat(userOf(request), request.body)),
  );

  app.get(
    '/character/:id',
    {
      config: { access: 'guest' },
      schema: { params: idParamsSchema, response: { 200: z.array(chatSchema) } },
    },
    async (request) => (await service.chatsOfCharacter(userOf(request), request.params.id)).map(presentChat),
  );
};
