import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Chat, configResponseSchema, mediaUrl } from '@podruga/shared';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStoragePort } from '../../providers/storage/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createCharacter } from '../../test/characters.ts';
import { useTestDatabase } from '../../test/db.ts';
import { bearer, guest, multipart } from '../../test/http.ts';
import { type LocalS3, startLocalS3 } from '../../test/s3.ts';

/*
 * MEDIA_BASE_URL end to end (issue 17, decision 0025): the app tells the client the media host (GET
 * /api/config and index.html's meta), and what it stores is at `MEDIA_BASE_URL + mediaUrl(name)` in
 * the bucket, so a CDN or a public-read bucket serves it; the app's own /pics keeps serving it too.
 */

const db = useTestDatabase();
let s3: LocalS3;
let t: TestApp | undefined;

beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
});
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

async function app(env: Record<string, string> = {}) {
  t = await buildTestApp(db(), { env });
  return t.app;
}

const config = async (env: Record<string, string> = {}) =>
  configResponseSchema.parse((await (await app(env)).inject({ method: 'GET', url: '/api/config' })).json());

describe('the media host reaches the client', () => {
  it('GET /api/config carries MEDIA_BASE_URL without its trailing slash, null when unset', async () => {
    expect((await config()).media_base_url).toBeNull();
    await t?.app.close();
    expect((await config({ MEDIA_BASE_URL: 'https://cdn.podruga.app/media/' })).media_base_url).toBe(
      'https://cdn.podruga.app/media',
    );
  });

  it('index.html carries it in <meta name="podruga-media">, empty when unset', async () => {
    const webDist = await mkdtemp(join(tmpdir(), 'podruga-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(
      join(webDist, 'index.html'),
      '<!doctype html><html><head><title>P</title><meta name="podruga-brand" content="" />' +
        '<meta name="podruga-media" content="" /></head><body><div id="root"></div></body></html>',
    );
    const page = async (env: Record<string, string>) => {
      await t?.app.close();
      const res = await (await app({ WEB_DIST_DIR: webDist, ...env })).inject({
        method: 'GET',
        url: '/chat/1',
      });
      return /<meta name="podruga-media" content="([^"]*)" \/>/.exec(res.body)?.[1];
    };
    expect(await page({})).toBe('');
    expect(await page({ MEDIA_BASE_URL: 'https://cdn.podruga.app/' })).toBe('https://cdn.podruga.app');
  });
});

describe('what is stored is where the media host serves it', () => {
  it('an uploaded portrait is at MEDIA_BASE_URL + mediaUrl(name) in the bucket, and at /pics here', async () => {
    const a = await app({ ...s3.env, MEDIA_BASE_URL: `${s3.endpoint}/${s3.bucket}/` });
    const { access_token: token } = await guest(a);
    const her = await createCharacter(a, token);
    const chat = (
      await a.inject({
        method: 'POST',
        url: '/api/chats/',
        headers: bearer(token),
        payload: { character_id: her.id },
      })
    ).json<Chat>();
    const jpeg = await sharp({ create: { width: 320, height: 400, channels: 3, background: '#a36' } })
      .jpeg()
      .toBuffer();
    const saved = await a.inject({
      method: 'POST',
      url: '/api/save_initial_image',
      ...multipart(token, { chat_id: chat.id }, { name: 'first.jpg', type: 'image/jpeg', bytes: jpeg }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { image_path } = saved.json<{ image_path: string }>();
    expect(image_path).not.toContain('/');

    const { media_base_url } = configResponseSchema.parse(
      (await a.inject({ method: 'GET', url: '/api/config' })).json(),
    );
    const url = mediaUrl(image_path, media_base_url ?? '');
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/pics/${image_path}`);
    // Fetched over HTTP from the bucket, as a browser would from a public-read bucket or its CDN.
    const fromBucket = await fetch(url ?? '');
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get('content-type')).toBe('image/jpeg');
    expect(fromBucket.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await fromBucket.arrayBuffer());

    const fromApp = await a.inject({ method: 'GET', url: `/pics/${image_path}` });
    expect(fromApp.statusCode).toBe(200);
    expect(fromApp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(fromApp.rawPayload.equals(bytes)).toBe(true);
    expect((await sharp(bytes).metadata()).width).toBe(320);
  });

  it('/pics serves one segment only: never her spoken messages under audio/', async () => {
    const a = await app();
    if (!t) throw new Error('app not built');
    const storage = createStoragePort(t.config);
    await storage.put('audio/m1.mp3', Buffer.from('her voice'), 'audio/mpeg');
    expect((await storage.get('audio/m1.mp3'))?.size).toBe(9);
    for (const url of ['/pics/audio%2Fm1.mp3', '/pics/vids%2F001.mp4']) {
      const res = await a.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
