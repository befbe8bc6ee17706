import multipart from '@fastify/multipart';
import {
  analyzeImageResponseSchema,
  type Brand,
  brandForHost,
  chatIdFieldsSchema,
  chatIdParamsSchema,
  continueReplyResponseSchema,
  firstMessageBodySchema,
  firstMessageResponseSchema,
  IMAGE_MAX_BYTES,
  messageIdParamsSchema,
  messageSchema,
  type PostMessageResponse,
  postMessageBodySchema,
  postMessageResponseSchema,
} from '@podruga/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth.ts';
import { multipartUpload, uploadedFileSchema } from '../../plugins/multipart-form.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { CHAT_IMAGE_MESSAGES } from './chat-images.ts';
import type { HerMediaService } from './her-media/her-media.service.ts';
import { presentMessage } from './messages.presenter.ts';
import type { MessagesService } from './messages.service.ts';
import { restContinueBody, restImageBody, restMessageBody } from './send/present.ts';

/** The HTTP fallback's form: the chat, the photo, and the words sent with it. */
const analyzeImageBody = chatIdFieldsSchema.extend({
  content: z.string().optional(),
  file: uploadedFileSchema,
});

/** GET /api/messages/{chat_id}, POST /api/messages/, POST /api/first_message (000 §7). */
export const messagesRoutes: FastifyPluginAsyncZod<{
  service: MessagesService;
  /** Photos and videos of her (issue 14): the retry route exists with them. */
  media?: HerMediaService | undefined;
  /** The brands by host: whose crisis lines a message in crisis gets, where they differ by brand. */
  brands?: Brand[] | undefined;
}> = async (app, { service, media, brands }) => {
  const brandOf = (host: string | undefined) => (brands?.length ? brandForHost(brands, host).id : undefined);
  if (media) {
    /** Her failed photo or video asked for again (issue 14): the message, pending again. */
    app.post(
      '/messages/:message_id/retry-media',
      {
        config: { access: 'guest', rateLimit: RATE_LIMITS.retryMedia },
        schema: { params: messageIdParamsSchema, response: { 200: messageSchema } },
      },
      async (request) => presentMessage(await media.retry(userOf(request), request.params.message_id)),
    );
  }

  app.post(
    '/messages/:message_id/continue',
    {
      config: { access: 'guest' },
      schema: { params: messageIdParamsSchema, response: { 200: continueReplyResponseSchema } },
    },
    async (request) =>
      restContinueBody(await service.continueReply(userOf(request), undefined, request.params.message_id)),
  );

  app.get(
    '/messages/:chat_id',
    {
      config: { access: 'guest' },
      schema: { params: chatIdParamsSchema, response: { 200: z.array(messageSchema) } },
    },
    async (request) => (await service.list(userOf(request), request.params.chat_id)).map(presentMessage),
  );

  app.post(
    '/messages/',
    {
      config: { access: 'guest' },
      schema: { body: postMessageBodySchema, response: { 200: postMessageResponseSchema } },
    },
    async (request): Promise<PostMessageResponse> => {
      const user = userOf(request);
      const body = request.body;
      if (!body.is_user) {
        // The original client saved its greeting this way; the server already stored it.
        const greeting = await service.firstMessage(user, body.chat_id);
        return { user_message: null, reply: presentMessage(greeting) };
      }
      const outcome = await service.send(user, {
        chatId: body.chat_id,
        content: body.content,
        imagePath: body.image_path,
        brand: brandOf(request.host),
      });
      return restMessageBody(outcome);
    },
  );

  app.post(
    '/first_message',
    {
      config: { access: 'guest' },
      schema: { body: firstMessageBodySchema, response: { 200: firstMessageResponseSchema } },
    },
    async (request) => {
      const message = presentMessage(await service.firstMessage(userOf(request), request.body.chat_id));
      return { response: message.content, message };
    },
  );

  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 8 * 1024 },
    });
    /** The HTTP fallback of image_message: multipart {file, chat_id[, content]} -> the reply. */
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/analyze_image',
      {
        config: { access: 'guest' },
        ...multipartUpload(IMAGE_MAX_BYTES, {
          missing: CHAT_IMAGE_MESSAGES.unsupported,
          tooLarge: CHAT_IMAGE_MESSAGES.tooLarge,
        }),
        schema: { body: analyzeImageBody, response: { 200: analyzeImageResponseSchema } },
      },
      async (request) => {
        const { chat_id, content, file } = request.body;
        const outcome = await service.send(userOf(request), {
          chatId: chat_id,
          content: content ?? '',
          image: file,
          brand: brandOf(request.host),
        });
        return restImageBody(outcome);
      },
    );
  });
};
