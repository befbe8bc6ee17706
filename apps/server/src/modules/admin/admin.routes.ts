import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobQueue } from '../../jobs/queue.ts';
import { userOf } from '../../plugins/auth.ts';
import { requireAdmin } from './admins.ts';

/** GET /api/admin/jobs (issue 17): the job queue's depths per kind and its latest failures. Admins only. */
export const adminRoutes: FastifyPluginAsyncZod<{ jobs: JobQueue; adminEmails: readonly string[] }> = async (
  app,
  { jobs, adminEmails },
) => {
  app.get('/api/admin/jobs', { config: { access: 'registered' } }, async (request) => {
    requireAdmin(userOf(request), adminEmails);
    return jobs.stats();
  });
};
