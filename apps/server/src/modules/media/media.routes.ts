import multipart from '@fastify/multipart';
import {
  CHARACTER_IMAGE_MAX_BYTES,
  chatIdBodySchema,
  chatIdFieldsSchema,
  mediaNameParamsSchema,
} from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errors } from '../../errors.ts';
import { userOf } from '../../plugins/auth.ts';
import { multipartUpload, uploadedFileSchema } from '../../plugins/multipart-form.ts';
import { sendByteRange } from '../../plugins/send-range.ts';
import { cacheControlOf } from '../../providers/storage/layout.ts';
import { isSafeKey, readStored, type StoragePort } from '../../providers/storage/port.ts';
import { CHARACTER_MESSAGES } from '../characters/characters.messages.ts';
import type { CharactersService } from '../characters/characters.service.ts';
import { parseByteRange } from './byte-range.ts';
import type { MediaService } from './media.service.ts';

const saveResponse = z.object({ success: z.literal(true), image_path: z.string() });
/** The portrait or avatar upload: the chat she belongs to, and the image. */
const saveImageBody = chatIdFieldsSchema.extend({ file: uploadedFileSchema });
/** GET /vids/{name}: her videos (`her_<uuid>.mp4`, never rewritten) and the preview clips (`001.mp4` …). */
const VIDEO_NAME = /^[A-Za-z0-9_-]{1,100}\.mp4$/;
/** A video is read whole to answer a range (clips are a few megabytes); anything larger is not ours. */
const MAX_VIDEO_BYTES = 64 * 1024 * 1024;

export interface MediaRoutesOptions {
  media: MediaService;
  characters: CharactersService;
  storage: StoragePort;
}

/** Uploads of portraits and avatars, the chat folder call (001 §7), GET /pics/{name} and GET /vids/{name}. */
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
      // One segment only: `/pics/audio%2F…` must not reach her spoken messages (decision 0025).
      if (name.includes('/') || !isSafeKey(name)) throw errors.notFound();
      const object = await storage.get(name);
      if (!object) throw errors.notFound();
      return (
        reply
          // Content-addressed names are cached for a year; the bucket's objects carry the same (layout.ts).
          .header('cache-control', cacheControlOf(name))
          .header('x-content-type-options', 'nosniff')
          .header('content-length', object.size)
          .type(object.contentType)
          .send(object.body)
      );
    },
  );

  /**
   * Her videos and the preview clips (001 §3, issue 14), with byte ranges: Chromium seeks a video (and
   * reads an MP4's index) with `Range` requests.
   */
  app.get(
    '/vids/:name',
    { config: { access: 'public' }, schema: { params: mediaNameParamsSchema } },
    async (request, reply) => {
      const { name } = request.params;
      if (!VIDEO_NAME.test(name)) throw errors.notFound();
      const object = await storage.get(`vids/${name}`);
      if (!object) throw errors.notFound();
      reply
        .header('cache-control', cacheControlOf(`vids/${name}`))
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes')
        .type('video/mp4');
      const range = parseByteRange(request.headers.range, object.size);
      if (range === null) {
        return reply.header('content-length', object.size).send(object.body);
      }
      if (range === 'unsatisfiable') {
        object.body.destroy();
        throw new AppError(
          416,
          'bad_request',
          VIDEO_RANGE_MESSAGE,
          {},
          { 'content-range': `bytes */${object.size}` },
        );
      }
      // Measured again on the bytes read: the object may have changed since its size was listed.
      const bytes = await readStored(object.body, MAX_VIDEO_BYTES);
      return sendByteRange(reply, request.headers.range, bytes, VIDEO_RANGE_MESSAGE);
    },
  );
};

const VIDEO_RANGE_MESSAGE = 'Запрошенная часть видео недоступна';
