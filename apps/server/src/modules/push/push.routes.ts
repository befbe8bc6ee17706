import {
  pushStatusResponseSchema,
  pushSubscribeBodySchema,
  pushSubscribeResponseSchema,
  pushTestResponseSchema,
  pushUnsubscribeBodySchema,
  pushUnsubscribeResponseSchema,
  vapidKeyResponseSchema,
} from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import type { PushService } from './push.service.ts';

/** /api/push (001 §7): the VAPID key, this browser's subscription, its status and a test push. */
export const pushRoutes: FastifyPluginAsyncZod<{ service: PushService }> = async (app, { service }) => {
  app.get(
    '/vapid-key',
    { config: { access: 'public' }, schema: { response: { 200: vapidKeyResponseSchema } } },
    async () => service.vapidKey(),
  );
  app.post(
    '/subscribe',
    {
      config: { access: 'guest', rateLimit: RATE_LIMITS.pushSubscribe },
      schema: { body: pushSubscribeBodySchema, response: { 200: pushSubscribeResponseSchema } },
    },
    async (request) => service.subscribe(userOf(request), request.body),
  );
  app.delete(
    '/unsubscribe',
    {
      config: { access: 'guest' },
      schema: { body: pushUnsubscribeBodySchema, response: { 200: pushUnsubscribeResponseSchema } },
    },
    async (request) => service.unsubscribe(userOf(request), request.body.endpoint),
  );
  app.get(
    '/status',
    { config: { access: 'guest' }, schema: { response: { 200: pushStatusResponseSchema } } },
    async (request) => service.status(userOf(request)),
  );
  app.post(
    '/test',
    {
      config: { access: 'guest', rateLimit: RATE_LIMITS.pushTest },
      schema: { response: { 200: pushTestResponseSchema } },
    },
    async (request) => service.test(userOf(request)),
  );
};
