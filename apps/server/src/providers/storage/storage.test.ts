import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mediaUrl } from '@podruga/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, S3_TEST_KEYS, startLocalS3 } from '../../test/s3.ts';
import { cacheControlOf, objectPath } from './layout.ts';
import { createLocalStorage } from './local.ts';
import type { StoragePort, StoredObject } from './port.ts';
import { createS3Storage } from './s3.ts';

const read = async (object: StoredObject | null) => (object ? text(object.body) : null);

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
});

const adapters: Array<[string, () => StoragePort]> = [
  ['local folder', () => createLocalStorage(mkdtempSync(join(tmpdir(), 'podruga-storage-')))],
  [
    'S3-compatible bucket',
    () =>
      createS3Storage({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        ...S3_TEST_KEYS,
        prefix: `t${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
      }),
  ],
];

describe.each(adapters)('storage: %s', (_name, make) => {
  it('keeps what is put, with its type and size, and forgets what is deleted', async () => {
    const storage = make();
    await storage.put('abc.png', Buffer.from('png bytes'), 'image/png');
    const got = await storage.get('abc.png');
    expect(got?.size).toBe(9);
    expect(got?.contentType).toBe('image/png');
    expect(await read(got)).toBe('png bytes');
    await storage.put('abc.png', Buffer.from('new'), 'image/png');
    expect(await read(await storage.get('abc.png'))).toBe('new');
    await storage.delete('abc.png');
    expect(await storage.get('abc.png')).toBeNull();
    // Deleting what is not there is not an error.
    await storage.delete('abc.png');
  });

  it("removes a chat's folder and nothing beside it", async () => {
    const storage = make();
    await storage.ensureFolder('chats');
    await storage.put('chats/one.jpg', Buffer.from('1'), 'image/jpeg');
    await storage.put('vids/her_1.mp4', Buffer.from('2'), 'video/mp4');
    await storage.deletePrefix('chats');
    expect(await storage.get('chats/one.jpg')).toBeNull();
    expect((await storage.get('vids/her_1.mp4'))?.size).toBe(1);
  });

  it('answers null for a missing or unsafe key and refuses to write one', async () => {
    const storage = make();
    expect(await storage.get('nothing.png')).toBeNull();
    expect(await storage.get('../etc/passwd')).toBeNull();
    await expect(storage.put('a/b/c.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe/);
    await expect(storage.delete('..')).rejects.toThrow(/unsafe/);
  });
});

const HASH = '0123456789abcdef0123456789abcdef01234567';

describe('layout (decision 0025): an object is at the path of its public URL', () => {
  it('puts a bare image name under pics/ and keeps folders as they are', () => {
    expect(objectPath(`${HASH}.png`)).toBe(`pics/${HASH}.png`);
    expect(objectPath('vids/her_1.mp4')).toBe('vids/her_1.mp4');
    expect(objectPath('audio/m1.mp3')).toBe('audio/m1.mp3');
    for (const name of [`${HASH}.png`, 'vids/001.mp4']) {
      expect(`/${objectPath(name)}`).toBe(mediaUrl(name));
    }
  });

  it('caches names that never change for a year, the rest for an hour', () => {
    expect(cacheControlOf(`${HASH}.jpg`)).toBe('public, max-age=31536000, immutable');
    expect(cacheControlOf('vids/her_0f1e.mp4')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlOf('vids/001.mp4')).toBe('public, max-age=3600');
    expect(cacheControlOf('portrait.png')).toBe('public, max-age=3600');
  });

  it('local folder: an image is a file under pics/, one from before 0025 is still read and deleted', async () => {
    const root = mkdtempSync(join(tmpdir(), 'podruga-storage-'));
    const storage = createLocalStorage(root);
    await storage.put(`${HASH}.png`, Buffer.from('new'), 'image/png');
    expect(existsSync(join(root, 'pics', `${HASH}.png`))).toBe(true);
    expect(existsSync(join(root, `${HASH}.png`))).toBe(false);
    expect(storage.url(`${HASH}.png`)).toBe(`/pics/${HASH}.png`);

    writeFileSync(join(root, 'old.jpg'), 'old bytes');
    const old = await storage.get('old.jpg');
    expect(old?.contentType).toBe('image/jpeg');
    expect(await read(old)).toBe('old bytes');
    await storage.delete('old.jpg');
    expect(existsSync(join(root, 'old.jpg'))).toBe(false);
    expect(await storage.get('old.jpg')).toBeNull();
    // A folder at the root is not an image.
    mkdirSync(join(root, 'chats', 'c1'), { recursive: true });
    expect(await storage.get('chats')).toBeNull();
  });

  it('S3: an object written for /pics/x.png is <bucket URL>/<prefix>pics/x.png, fetched over HTTP with its headers', async () => {
    const prefix = `p${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const storage = createS3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      ...S3_TEST_KEYS,
      prefix,
    });
    const name = `${HASH}.png`;
    await storage.put(name, Buffer.from('png bytes'), 'image/png');
    await storage.put('vids/her_abc.mp4', Buffer.from('mp4 bytes'), 'video/mp4');
    await storage.put('audio/m1.mp3', Buffer.from('mp3 bytes'), 'audio/mpeg');

    // MEDIA_BASE_URL for this bucket: its path-style URL and the prefix.
    const mediaBase = `${s3.endpoint}/${s3.bucket}/${prefix}`;
    const image = await fetch(mediaUrl(name, mediaBase) ?? '');
    expect(image.url).toBe(`${s3.endpoint}/${s3.bucket}/${prefix}/pics/${name}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await image.text()).toBe('png bytes');

    const video = await fetch(mediaUrl('vids/her_abc.mp4', mediaBase) ?? '');
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(await video.text()).toBe('mp4 bytes');

    // Spoken messages are never under a public prefix, and carry no public caching.
    const audio = await fetch(`${s3.endpoint}/${s3.bucket}/${prefix}/audio/m1.mp3`);
    expect(audio.headers.get('cache-control')).toBeNull();
    await audio.arrayBuffer();
    storage.close();
  });

  it('S3: an image written before 0025 (at the prefix root) is still read, and deleted with the new one', async () => {
    const prefix = `l${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const storage = createS3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      ...S3_TEST_KEYS,
      prefix,
    });
    const raw = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3_TEST_KEYS,
    });
    await raw.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: `${prefix}/${HASH}.jpg`,
        Body: Buffer.from('old bytes'),
        ContentType: 'image/jpeg',
      }),
    );
    const old = await storage.get(`${HASH}.jpg`);
    expect(old?.contentType).toBe('image/jpeg');
    expect(await read(old)).toBe('old bytes');
    await storage.delete(`${HASH}.jpg`);
    expect(await storage.get(`${HASH}.jpg`)).toBeNull();
    raw.destroy();
    storage.close();
  });
});
