import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';

/**
 * JSON and urlencoded forms (the spec's login and register send forms). An empty JSON body counts as
 * no body: browsers' fetch wrappers often send `Content-Type: application/json` on bodiless POSTs such
 * as /api/auth/anonymous, which Fastify would otherwise reject.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(formbody);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
