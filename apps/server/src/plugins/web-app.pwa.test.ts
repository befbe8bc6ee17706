import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { Brand } from '@podruga/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.ts';
import { registerSecurityHeaders } from './security.ts';
import { registerWebApp } from './web-app.ts';

const brands: Brand[] = [
  { id: 'one', hosts: ['one.ru'], logoText: 'One', title: 'One — подруга', supportEmail: 'a@one.ru' },
  { id: 'two', hosts: ['two.ru'], logoText: 'Two', title: 'Two — подруга', supportEmail: 'a@two.ru' },
];

// What the web build writes for the installable app (apps/web/vite.config.ts): the worker, the manifest
// template (with a stale precompressed copy the server must never send) and the index.html head.
const SW = `self.addEventListener('push', () => {});${' '.repeat(600)}\n`;
const MANIFEST = JSON.stringify({
  name: 'Podruga',
  short_name: 'Podruga',
  start_url: '/?pwa=true',
  icons: [],
});

let webDist: string;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'podruga-web-pwa-'));
  await writeFile(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Podruga</title><meta name="podruga-brand" content="" />' +
      '<meta name="apple-mobile-web-app-title" content="Podruga" />' +
      '<link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(webDist, 'sw.js'), SW);
  await writeFile(join(webDist, 'sw.js.br'), brotliCompressSync(SW));
  await writeFile(join(webDist, 'manifest.webmanifest'), MANIFEST);
  await writeFile(join(webDist, 'manifest.webmanifest.gz'), gzipSync(MANIFEST));
});
afterAll(async () => {
  await rm(webDist, { recursive: true, force: true });
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function webApp(): Promise<FastifyInstance> {
  app = Fastify();
  registerErrorHandler(app);
  await registerSecurityHeaders(app, undefined);
  await registerWebApp(app, webDist, brands);
  await app.ready();
  return app;
}

const get = (a: FastifyInstance, url: string, host: string, acceptEncoding?: string) =>
  a.inject({
    method: 'GET',
    url,
    headers: { host, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('the installable app', () => {
  it('serves /sw.js as JavaScript, revalidated, with the whole site as its scope', async () => {
    const a = await webApp();
    for (const encoding of [undefined, 'gzip, br']) {
      const res = await get(a, '/sw.js', 'one.ru', encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['service-worker-allowed']).toBe('/');
      const body = encoding ? brotliDecompressSync(res.rawPayload).toString() : res.body;
      expect(body).toBe(SW);
    }
  });

  it('answers /manifest.webmanifest with the request host’s brand, compressed or not', async () => {
    const a = await webApp();
    const one = await get(a, '/manifest.webmanifest', 'one.ru');
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(one.headers['cache-control']).toBe('no-cache');
    expect(one.json()).toEqual({
      name: 'One — подруга',
      short_name: 'One',
      start_url: '/?pwa=true',
      icons: [],
    });
    const two = await get(a, '/manifest.webmanifest', 'two.ru:8080', 'gzip, br');
    expect(two.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(two.rawPayload).toString())).toMatchObject({
      name: 'Two — подруга',
      short_name: 'Two',
    });
    // Unknown hosts get the first brand (000 §1), never the build's template.
    expect((await get(a, '/manifest.webmanifest', 'other.example', 'gzip')).headers['content-encoding']).toBe(
      'gzip',
    );
    expect((await get(a, '/manifest.webmanifest', 'other.example')).json()).toMatchObject({
      short_name: 'One',
    });
  });

  it('names the home-screen app by brand and lets the CSP load the worker and the manifest', async () => {
    const a = await webApp();
    const page = await get(a, '/chat', 'two.ru');
    expect(page.body).toContain('<meta name="apple-mobile-web-app-title" content="Two" />');
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/manifest-src 'self'/);
  });
});
