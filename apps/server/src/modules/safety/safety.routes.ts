import { crisisReferralsQuerySchema, crisisReferralsResponseSchema } from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { requireAdmin } from '../admin/admins.ts';
import type { SafetyService } from './safety.service.ts';

/**
 * GET /api/admin/crisis-referrals?year=2026 (issue 27): the year's crisis referrals by kind, entry point
 * and layer, for the yearly report. Admins only; the rows hold no user identifier.
 */
export const safetyRoutes: FastifyPluginAsyncZod<{
  safety: SafetyService;
  adminEmails: readonly string[];
}> = async (app, { safety, adminEmails }) => {
  app.get(
    '/api/admin/crisis-referrals',
    {
      config: { access: 'registered' },
      // Admins first: anyone else learns nothing, not even what the query should be.
      preValidation: async (request) => requireAdmin(userOf(request), adminEmails),
      schema: { querystring: crisisReferralsQuerySchema, response: { 200: crisisReferralsResponseSchema } },
    },
    async (request) => {
      const { year } = request.query;
      const counts = await safety.referralCounts(year);
      return {
        year,
        total: counts.total,
        by_kind: counts.byKind,
        by_entry: counts.byEntry,
        by_layer: counts.byLayer,
      };
    },
  );
};
