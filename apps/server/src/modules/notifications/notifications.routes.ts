import {
  notificationIdParamsSchema,
  notificationsDoneResponseSchema,
  recentNotificationsResponseSchema,
  unreadCountResponseSchema,
} from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import type { NotificationsService } from './notifications.service.ts';

/** /api/notifications (001 §7): the bell's count and list, marking read. Any session has a bell. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/unread-count',
    { config: { access: 'guest' }, schema: { response: { 200: unreadCountResponseSchema } } },
    async (request) => service.unreadCount(userOf(request)),
  );
  app.get(
    '/recent',
    { config: { access: 'guest' }, schema: { response: { 200: recentNotificationsResponseSchema } } },
    async (request) => service.recent(userOf(request)),
  );
  app.post(
    '/:id/mark-read',
    {
      config: { access: 'guest' },
      schema: { params: notificationIdParamsSchema, response: { 200: notificationsDoneResponseSchema } },
    },
    async (request) => service.markRead(userOf(request), request.params.id),
  );
  app.post(
    '/mark-all-read',
    { config: { access: 'guest' }, schema: { response: { 200: notificationsDoneResponseSchema } } },
    async (request) => service.markAllRead(userOf(request)),
  );
};
