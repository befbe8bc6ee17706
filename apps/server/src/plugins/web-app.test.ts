import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Brand } from '@podruga/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.ts';
import { preferredEncoding, registerWebApp } from './web-app.ts';

const brands: Brand[] = [
  { id: 'one', hosts: ['one.ru'], logoText: 'One', title: 'One', supportEmail: 'a@one.ru' },
];

// A built app as the web build leaves it (vite-plugin-compression2, apps/web/vite.config.ts): text assets
// with .br and .gz beside them, the small ones without.
const APP_JS = `console.log(${JSON.stringify('подруга '.repeat(200))});\n`;
const SMALL_JS = 'export const x = 1;\n';

let webDist: string;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'podruga-web-app-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Podruga</title><meta name="podruga-brand" content="" />' +
      '<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  const js = join(webDist, 'assets', 'index-abc123.js');
  await writeFile(js, APP_JS);
  await writeFile(`${js}.br`, brotliCompressSync(APP_JS));
  await writeFile(`${js}.gz`, gzipSync(APP_JS));
  await writeFile(join(webDist, 'assets', 'small-abc123.js'), SMALL_JS);
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
  await registerWebApp(app, webDist, brands);
  await app.ready();
  return app;
}

const get = (a: FastifyInstance, url: string, acceptEncoding?: string) =>
  a.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('precompressed web assets', () => {
  it('sends the brotli file to browsers that take brotli', async () => {
    const res = await get(await webApp(), '/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(APP_JS) / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends the gzip file when brotli is not accepted (Chromium over plain http)', async () => {
    const res = await get(await webApp(), '/assets/index-abc123.js', 'gzip, deflate');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(gunzipSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends the file itself without Accept-Encoding, or when it has no compressed variant', async () => {
    const a = await webApp();
    const plain = await get(a, '/assets/index-abc123.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);

    const small = await get(a, '/assets/small-abc123.js', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe(SMALL_JS);
  });

  it('never serves the .br/.gz files under their own names', async () => {
    const a = await webApp();
    expect((await get(a, '/assets/index-abc123.js.br')).statusCode).toBe(404);
    expect((await get(a, '/assets/index-abc123.js.gz')).statusCode).toBe(404);
  });

  it('compresses the rendered index.html too, on / and on client routes', async () => {
    const a = await webApp();
    for (const url of ['/', '/chat/123']) {
      const br = await get(a, url, 'gzip, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<title>One</title>');

      const gz = await get(a, url, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toContain('<title>One</title>');

      const plain = await get(a, url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('<title>One</title>');
    }
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, honouring q=0 and *', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
  });
});
