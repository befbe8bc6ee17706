import {
  affiliateReportSchema,
  affiliateVisitBodySchema,
  affiliateVisitResponseSchema,
} from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import type { AffiliatesService } from './affiliates.service.ts';

/** 30 visits a minute per address: people click a link once; a flood inflates nobody's numbers. */
const VISIT_RATE = { max: 30, timeWindow: 60_000 };

/** The link's visit (public) and the admins' report (403 for everyone else). */
export const affiliatesRoutes: FastifyPluginAsyncZod<{ service: AffiliatesService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/affiliates/visit',
    {
      config: { access: 'public', rateLimit: VISIT_RATE },
      schema: { body: affiliateVisitBodySchema, response: { 200: affiliateVisitResponseSchema } },
    },
    async (request) => service.recordVisit(request.body.code),
  );
  app.get(
    '/api/admin/affiliates',
    {
      config: { access: 'registered' },
      schema: { response: { 200: affiliateReportSchema } },
    },
    async (request) => service.report(userOf(request)),
  );
};
