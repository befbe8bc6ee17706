import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
 * before any API call (logo text, title, support address and messenger handle); `<meta
 * name="podruga-media">` the media host (MEDIA_BASE_URL, decision 0025; empty = this server).
 */
function renderIndexHtml(template: string, brand: Brand, mediaBaseUrl = ''): string {
  const meta = JSON.stringify({
    id: brand.id,
    logoText: brand.logoText,
    title: brand.title,
    supportEmail: brand.supportEmail,
    ...(brand.supportTelegram ? { supportTelegram: brand.supportTelegram } : {}),
  });
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(brand.title)}</title>`)
    .replace(
      /<meta\s+name="podruga-brand"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="podruga-brand" content="${escapeAttribute(meta)}" />`,
    )
    .replace(
      /<meta\s+name="apple-mobile-web-app-title"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="apple-mobile-web-app-title" content="${escapeAttribute(brand.logoText)}" />`,
    )
    .replace(
      /<meta\s+name="podruga-media"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="podruga-media" content="${escapeAttribute(mediaBaseUrl)}" />`,
    );
}

/**
 * The web app manifest for one brand: the build's manifest (apps/web/build/manifest.ts) with the brand's
 * names, so the installed app carries the name of the site it was installed from.
 */
export function renderManifest(template: string, brand: Brand): string {
  const manifest = JSON.parse(template) as Record<string, unknown>;
  return JSON.stringify({ ...manifest, name: brand.title, short_name: brand.logoText });
}

/**
 * A page the server renders into index.html so that search engines and link previews read it without
 * running JavaScript (the blog, issue 16): its title, description, Open Graph tags, canonical address,
 * the HTML placed inside #root (React replaces it when it starts) and, optionally, the data the React
 * page reads instead of asking the API again (`<script id="podruga-page-data">`).
 */
export interface PrerenderedPage {
  title: string;
  description: string;
  /** The page's path, e.g. /blog/kak-sozdat-podrugu. */
  path: string;
  ogType: 'website' | 'article';
  /** ISO date, for articles. */
  publishedTime?: string;
  bodyHtml: string;
  data?: unknown;
}

export interface WebAppOptions {
  /** The page for a path, or null when the SPA's plain index.html serves it. */
  prerender?: (path: string, brand: Brand) => PrerenderedPage | null;
  /** The absolute origin links in prerendered pages use (PUBLIC_URL, or a trusted request host). */
  baseUrl?: (request: FastifyRequest) => string;
  /** MEDIA_BASE_URL, written into every index.html for the web app's `mediaUrl` calls. */
  mediaBaseUrl?: string | undefined;
}

/** JSON inside a script element: nothing in it may close the element or open a comment. */
function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** index.html (already branded) with a prerendered page's head tags and body. */
export function renderPrerendered(
  branded: string,
  page: PrerenderedPage,
  brand: Brand,
  origin: string,
): string {
  const url = `${origin}${page.path}`;
  const title = `${page.title} — ${brand.title}`;
  const head = [
    `<meta name="description" content="${escapeAttribute(page.description)}" />`,
    `<link rel="canonical" href="${escapeAttribute(url)}" />`,
    `<meta property="og:type" content="${page.ogType}" />`,
    `<meta property="og:site_name" content="${escapeAttribute(brand.title)}" />`,
    `<meta property="og:title" content="${escapeAttribute(page.title)}" />`,
    `<meta property="og:description" content="${escapeAttribute(page.description)}" />`,
    `<meta property="og:url" content="${escapeAttribute(url)}" />`,
    `<meta property="og:locale" content="ru_RU" />`,
    ...(page.publishedTime
      ? [`<meta property="article:published_time" content="${escapeAttribute(page.publishedTime)}" />`]
      : []),
    `<link rel="alternate" type="application/rss+xml" title="${escapeAttribute(brand.title)}" href="${escapeAttribute(`${origin}/blog/rss.xml`)}" />`,
  ].join('\n    ');
  const data =
    page.data === undefined
      ? ''
      : `<script id="podruga-page-data" type="application/json">${scriptJson({ path: page.path, data: page.data })}</script>`;
  return branded
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(title)}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () => head)
    .replace(/<div id="root">[\s\S]*?<\/div><\/div>/, () => `<div id="root">${page.bodyHtml}</div>${data}`);
}

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an Accept-Encoding header: brotli, then gzip, or none. Tokens with
 * `q=0` are refused; `*` stands for either.
 */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(token.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** A rendered file and its brotli and gzip forms, made once at start. */
interface Page {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compressedPage(text: string): Page {
  const identity = Buffer.from(text, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** The web app manifest: rendered per brand like index.html, never sent as the build wrote it. */
const MANIFEST = 'manifest.webmanifest';

/** The service worker (apps/web/src/sw.ts): JavaScript, always revalidated, its scope the whole site. */
const SERVICE_WORKER = 'sw.js';

/** Files the web build writes .br/.gz variants of (vite-plugin-compression2, apps/web/vite.config.ts). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|map)(?:\.br|\.gz)?$/;

/** Paths the SPA never owns: a miss there is a real 404, not a client route. */
function isApiOrAsset(url: string): boolean {
  return /^\/(?:api|assets|pics|vids)(?:[/?]|$)/.test(url);
}

/** No route for this method and path: 405 (with Allow) when another method has one, else 404. */
function noRoute(app: FastifyInstance, request: FastifyRequest): Error {
  const path = request.url.split('?')[0] ?? '';
  const allowed = app.hasDecorator('routeTable') ? app.routeTable.allowedMethods(path) : [];
  return allowed.length > 0 ? errors.methodNotAllowed(allowed) : errors.notFound();
}

/**
 * Serves the built web app: hashed files under /assets cached for a year, everything else revalidated,
 * and index.html (branded for the request host) for any other GET so client routes survive a reload.
 * Text files go out as the build precompressed them (`.br`, `.gz` beside each file) when the browser
 * accepts it, and index.html compressed at start: the server spends no CPU compressing per request.
 * Unknown /api paths get a JSON 404 (405 when the path exists for another method). Without a built app
 * (tests, API-only) only the JSON 404 and 405 remain.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  brands: Brand[],
  options: WebAppOptions = {},
): Promise<void> {
  const indexFile = join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.setNotFoundHandler((request) => {
      throw noRoute(app, request);
    });
    return;
  }

  const template = readFileSync(indexFile, 'utf8');
  const pages = new Map(
    brands.map(
      (brand) => [brand.id, compressedPage(renderIndexHtml(template, brand, options.mediaBaseUrl))] as const,
    ),
  );
  const sendBranded =
    (rendered: Map<string, Page>, type: string) => (request: FastifyRequest, reply: FastifyReply) => {
      const page = rendered.get(brandForHost(brands, request.host).id);
      if (!page) throw errors.notFound();
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type(type);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? page[encoding] : page.identity);
    };
  const sendIndex = sendBranded(pages, 'text/html; charset=utf-8');
  const branded = new Map(
    brands.map((brand) => [brand.id, renderIndexHtml(template, brand, options.mediaBaseUrl)] as const),
  );
  /** A prerendered page (the blog) when there is one for this path, else the SPA's index.html. */
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const brand = brandForHost(brands, request.host);
    const page = options.prerender?.(path, brand);
    const html = page && branded.get(brand.id);
    if (!page || !html) return sendIndex(request, reply);
    const origin = options.baseUrl?.(request) ?? `${request.protocol}://${request.host}`;
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return reply.send(renderPrerendered(html, page, brand, origin));
  };

  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    // index.html is always served rendered, never as the raw template; the .br/.gz variants are sent in
    // place of their file (preCompressed), never under their own names.
    globIgnore: ['index.html', MANIFEST, SERVICE_WORKER, '**/*.br', '**/*.gz'],
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const hashed = filePath.startsWith(join(webDistDir, 'assets'));
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (COMPRESSIBLE.test(filePath)) res.setHeader('vary', 'accept-encoding');
    },
  });
  app.get('/', sendIndex);
  const manifestFile = join(webDistDir, MANIFEST);
  if (existsSync(manifestFile)) {
    const manifestTemplate = readFileSync(manifestFile, 'utf8');
    const manifests = new Map(
      brands.map((brand) => [brand.id, compressedPage(renderManifest(manifestTemplate, brand))] as const),
    );
    app.get(`/${MANIFEST}`, sendBranded(manifests, 'application/manifest+json; charset=utf-8'));
  }
  const serviceWorkerFile = join(webDistDir, SERVICE_WORKER);
  if (existsSync(serviceWorkerFile)) {
    // The same worker for every brand (a worker belongs to one origin, so to one brand).
    const worker = compressedPage(readFileSync(serviceWorkerFile, 'utf8'));
    const workers = new Map(brands.map((brand) => [brand.id, worker] as const));
    const sendWorker = sendBranded(workers, 'text/javascript; charset=utf-8');
    app.get(`/${SERVICE_WORKER}`, (request, reply) => {
      reply.header('service-worker-allowed', '/');
      return sendWorker(request, reply);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiOrAsset(request.url)) {
      return sendPage(request, reply);
    }
    throw noRoute(app, request);
  });
}
