import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createStoragePort } from '../../providers/storage/index.ts';
import { useTestApp } from '../../test/app.ts';
import { parseByteRange } from './byte-range.ts';

const t = useTestApp();

/** Bytes that stand for a clip: distinct at every offset, so a slice shows where it came from. */
const CLIP = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

async function store(name: string, bytes = CLIP): Promise<void> {
  await createStoragePort(t.config).put(`vids/${name}`, bytes, 'video/mp4');
}

describe('GET /vids/:name', () => {
  it('serves a preview clip whole, as video/mp4 that accepts ranges, cached for an hour', async () => {
    await store('001.mp4');
    const res = await t.app.inject({ method: 'GET', url: '/vids/001.mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(CLIP.length));
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(CLIP)).toBe(true);
  });

  it('caches her videos for a year: their names are never reused', async () => {
    const name = `her_${randomUUID()}.mp4`;
    await store(name);
    const res = await t.app.inject({ method: 'GET', url: `/vids/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=900-', 900, 999],
    ['bytes=990-5000', 990, 999],
    ['bytes=-10', 990, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=0-0', 0, 0],
  ])('answers Range %s with 206 and the part asked for', async (range, start, end) => {
    await store('002.mp4');
    const res = await t.app.inject({ method: 'GET', url: '/vids/002.mp4', headers: { range } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${CLIP.length}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.equals(CLIP.subarray(start, end + 1))).toBe(true);
  });

  it('answers 416 with the size for a range past the end', async () => {
    await store('003.mp4');
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      const res = await t.app.inject({ method: 'GET', url: '/vids/003.mp4', headers: { range } });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${CLIP.length}`);
      expect(res.json()).toMatchObject({ detail: expect.stringMatching(/[а-я]/) });
    }
  });

  it('sends the whole clip for ranges it does not serve (several, another unit, nonsense)', async () => {
    await store('004.mp4');
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-3', 'bytes=x-y']) {
      const res = await t.app.inject({ method: 'GET', url: '/vids/004.mp4', headers: { range } });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.equals(CLIP)).toBe(true);
    }
  });

  it('answers HEAD with the headers alone', async () => {
    await store('005.mp4');
    const res = await t.app.inject({ method: 'HEAD', url: '/vids/005.mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.body).toBe('');
  });

  it('is a JSON 404 for missing clips, other extensions, bad names and traversal', async () => {
    await createStoragePort(t.config).put('vids/x.png', CLIP, 'image/png');
    for (const url of [
      '/vids/020.mp4',
      '/vids/x.png',
      '/vids/.mp4',
      '/vids/a.b.mp4',
      '/vids/..%2F..%2Fkeys%2Fjwt.secret',
      '/vids/../keys/jwt.secret',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    // A name longer than any clip's is refused by the router before the route.
    const long = await t.app.inject({ method: 'GET', url: `/vids/${'a'.repeat(101)}.mp4` });
    expect(long.statusCode).toBe(414);
  });

  it('needs no session', async () => {
    await store('006.mp4');
    const res = await t.app.inject({
      method: 'GET',
      url: '/vids/006.mp4',
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('parseByteRange', () => {
  it('reads one range and leaves everything else to a whole answer', () => {
    expect(parseByteRange(undefined, 10)).toBeNull();
    expect(parseByteRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 });
    expect(parseByteRange(' bytes=2- ', 10)).toEqual({ start: 2, end: 9 });
    expect(parseByteRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseByteRange('bytes=-', 10)).toBeNull();
    expect(parseByteRange('bytes=0-0', 0)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-1', 0)).toBe('unsatisfiable');
  });
});
