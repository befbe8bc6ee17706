import multipart from '@fastify/multipart';
import {
  CHARACTER_IMAGE_MAX_BYTES,
  chatIdBodySchema,
  chatIdFieldsSchema,
  mediaNameParamsSchema,
} from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../errors.ts';
import { userOf } from '../../plugins/auth.ts';
import { multipartUpload, uploadedFileSchema } from '../../plugins/multipart-form.ts';
import type { StoragePort } from '../../providers/storage/port.ts';
import { isSafeKey } from '../../providers/storage/port.ts';
import { CHARACTER_MESSAGES } from '../characters/characters.messages.ts';
import type { CharactersService } from '../characters/characters.service.ts';
import type { MediaService } from './media.service.ts';

const saveResponse = z.object({ success: z.literal(true), image_path: z.string() });
/** The portrait or avatar upload: the chat she belongs to, and the image. */
const saveImageBody = chatIdFieldsSchema.extend({ file: uploadedFileSchema });
/** Stored names are content-addressed: safe to cache for a year. */
const IMMUTABLE_NAME = /^[0-9a-f]{40}\.(?:png|jpg|webp)$/;

export interface MediaRoutesOptions {
  media: MediaService;
  characters: CharactersService;
  storage: StoragePort;
}

/** Uploads of portraits and avatars, the chat folder call (001 §7), and GET /pics/{name}. */
export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, opts) => {
  const { media, characters, storage } = opts;
  await app.register(multipart, {
    limits: { fileSize: CHARACTER_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 },
  });

  app.post(
    '/api/create_chat_directory',
    {
      config: { access: 'guest' },
      schema: {
        body: chatIdBodySchema,
        response: { 200: z.object({ success: z.literal(true), chat_id: z.string() }) },
      },
    },
    async (request) => {
      const chat = await characters.ensureChatFolder(userOf(request), request.body.chat_id);
      return { success: true as const, chat_id: chat.id };
    },
  );

  for (const [path, kind] of [
    ['/api/save_initial_image', 'image'],
    ['/api/save_avatar_image', 'avatar'],
  ] as const) {
    app.post(
      path,
      {
        config: { access: 'guest' },
        ...multipartUpload(CHARACTER_IMAGE_MAX_BYTES, {
          missing: CHARACTER_MESSAGES.imageMissing,
          tooLarge: CHARACTER_MESSAGES.imageTooLarge,
        }),
        schema: { body: saveImageBody, response: { 200: saveResponse } },
      },
      async (request) => {
        const { chat_id, file } = request.body;
        const saved = await media.saveCharacterImage(userOf(request), chat_id, file, kind);
        return { success: true as const, image_path: saved.imagePath };
      },
    );
  }

  app.get(
    '/pics/:name',
    { config: { access: 'public' }, schema: { params: mediaNameParamsSchema } },
    async (request, reply) => {
      const { name } = request.params;
      if (!isSafeKey(name)) throw errors.notFound();
      const object = await storage.get(name);
      if (!object) throw errors.notFound();
      return reply
        .header(
          'cache-control',
          IMMUTABLE_NAME.test(name) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-length', object.size)
        .type(object.contentType)
        .send(object.body);
    },
  );
};
