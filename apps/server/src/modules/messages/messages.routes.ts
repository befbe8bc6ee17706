import multipart from '@fastify/multipart';
import {
  analyzeImageResponseSchema,
  chatIdParamsSchema,
  firstMessageBodySchema,
  firstMessageResponseSchema,
  IMAGE_MAX_BYTES,
  messageSchema,
  type PostMessageResponse,
  postMessageBodySchema,
  postMessageResponseSchema,
} from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errors } from '../../errors.ts';
import { userOf } from '../../plugins/auth.ts';
import { readMultipartForm } from '../../plugins/multipart-form.ts';
import { CHAT_IMAGE_MESSAGES } from './chat-images.ts';
import { presentMessage } from './messages.presenter.ts';
import { MESSAGE_TEXTS, type MessagesService, type SendOutcome } from './messages.service.ts';

function rateLimited(outcome: Extract<SendOutcome, { kind: 'rate_limited' }>): AppError {
  return new AppError(429, 'rate_limited', MESSAGE_TEXTS.rateLimitDetail, {
    ...outcome.payload,
    rate_limit_message: presentMessage(outcome.message),
  });
}

/** GET /api/messages/{chat_id}, POST /api/messages/, POST /api/first_message (000 §7). */
export const messagesRoutes: FastifyPluginAsyncZod<{ service: MessagesService }> = async (
  app,
  { service },
) => {
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
      });
      switch (outcome.kind) {
        case 'rate_limited':
          throw rateLimited(outcome);
        case 'refused':
          return {
            user_message: presentMessage(outcome.userMessage),
            reply: presentMessage(outcome.reply),
            error: outcome.detail,
          };
        case 'replied':
          return { user_message: presentMessage(outcome.userMessage), reply: presentMessage(outcome.reply) };
        case 'failed':
          return {
            user_message: presentMessage(outcome.userMessage),
            reply: outcome.reply ? presentMessage(outcome.reply) : null,
            error: outcome.reply ? MESSAGE_TEXTS.partialReply : MESSAGE_TEXTS.noReply,
          };
      }
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
    uploads.post(
      '/analyze_image',
      {
        config: { access: 'guest' },
        bodyLimit: IMAGE_MAX_BYTES + 64 * 1024,
        schema: { response: { 200: analyzeImageResponseSchema } },
      },
      async (request) => {
        const { fields, file } = await readMultipartForm(request, {
          missing: CHAT_IMAGE_MESSAGES.unsupported,
          tooLarge: CHAT_IMAGE_MESSAGES.tooLarge,
        });
        const outcome = await service.send(userOf(request), {
          chatId: fields.chat_id ?? '',
          content: fields.content ?? '',
          image: file,
        });
        switch (outcome.kind) {
          case 'rate_limited':
            throw rateLimited(outcome);
          case 'refused':
            return { response: outcome.reply.content, image_path: '' };
          case 'replied':
          case 'failed':
            if (!outcome.reply) throw errors.providerError(MESSAGE_TEXTS.noReply);
            return { response: outcome.reply.content, image_path: outcome.userMessage.imagePath ?? '' };
        }
      },
    );
  });
};
