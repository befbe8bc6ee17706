import type { FastifyInstance } from 'fastify';
import { errors } from '../errors.ts';

/** MAINTENANCE_MODE: the API answers 503 except the health check (load balancers keep polling it). */
export function registerMaintenanceMode(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') && path !== '/api/health') throw errors.maintenance();
  });
}
