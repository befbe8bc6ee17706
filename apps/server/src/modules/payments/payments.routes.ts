import { successMessageSchema } from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import type { PaymentsService } from './payments.service.ts';

/** POST /api/payment/cancel-subscription (001 §7). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/cancel-subscription',
    { config: { access: 'registered' }, schema: { response: { 200: successMessageSchema } } },
    async (request) => service.cancelSubscription(userOf(request)),
  );
};
