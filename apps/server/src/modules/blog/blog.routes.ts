import { type Brand, brandForHost } from '@podruga/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { BlogService } from './blog.service.ts';

export interface BlogRoutesOptions {
  service: BlogService;
  brands: Brand[];
  /** The absolute origin of links (PUBLIC_URL, or a trusted request host: link-context.ts). */
  origin: (request: FastifyRequest) => string;
}

export const BLOG_TEXTS = { notFound: 'Статья не найдена' } as const;

/** Everyone may read the blog: cheap, static, cached by the browser and proxies. */
const PUBLIC = { config: { access: 'public' as const } };

const slugParams = z.object({ slug: z.string().max(100) });

/** The blog's API (the React pages), sitemap.xml, robots.txt and the RSS feed. Public, read-only. */
export async function blogRoutes(app: FastifyInstance, { service, brands, origin }: BlogRoutesOptions) {
  app.get('/api/blog/posts', PUBLIC, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { posts: service.list() };
  });
  app.get('/api/blog/posts/:slug', { ...PUBLIC, schema: { params: slugParams } }, async (request, reply) => {
    const { slug } = request.params as z.infer<typeof slugParams>;
    const post = service.post(slug, brandForHost(brands, request.host));
    if (!post) throw new AppError(404, 'not_found', BLOG_TEXTS.notFound);
    reply.header('cache-control', 'public, max-age=300');
    return { post };
  });
  app.get('/sitemap.xml', PUBLIC, async (request, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return service.sitemap(origin(request));
  });
  app.get('/robots.txt', PUBLIC, async (request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return service.robots(origin(request));
  });
  app.get('/blog/rss.xml', PUBLIC, async (request, reply) => {
    reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return service.rss(origin(request), brandForHost(brands, request.host));
  });
}
