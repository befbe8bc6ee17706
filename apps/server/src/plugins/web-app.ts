import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type Brand, brandForHost } from '@podruga/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../errors.ts';

function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * index.html for one brand: its title, and `<meta name="podruga-brand">` carrying what the app needs
 * before any API call (logo text, title, support address).
 */
export function renderIndexHtml(template: string, brand: Brand): string {
  const meta = JSON.stringify({
    id: brand.id,
    logoText: brand.logoText,
    title: brand.title,
    supportEmail: brand.supportEmail,
  });
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(brand.title)}</title>`)
    .replace(
      /<meta\s+name="podruga-brand"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="podruga-brand" content="${escapeAttribute(meta)}" />`,
    );
}

/** Paths the SPA never owns: a miss there is a real 404, not a client route. */
function isApiOrAsset(url: string): boolean {
  return /^\/(?:api|assets|pics)(?:[/?]|$)/.test(url);
}

/**
 * Serves the built web app: hashed files under /assets cached for a year, everything else revalidated,
 * and index.html (branded for the request host) for any other GET so client routes survive a reload.
 * Unknown /api paths get a JSON 404. Without a built app (tests, API-only) only the JSON 404 remains.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  brands: Brand[],
): Promise<void> {
  const indexFile = join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.setNotFoundHandler(() => {
      throw errors.notFound();
    });
    return;
  }

  const template = readFileSync(indexFile, 'utf8');
  const pages = new Map(brands.map((brand) => [brand.id, renderIndexHtml(template, brand)]));
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pages.get(brandForHost(brands, request.host).id));

  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    // index.html is always served rendered, never as the raw template.
    globIgnore: ['index.html'],
    index: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.startsWith(join(webDistDir, 'assets'));
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/', sendIndex);
  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiOrAsset(request.url)) {
      return sendIndex(request, reply);
    }
    throw errors.notFound();
  });
}
