import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, S3_TEST_KEYS, startLocalS3 } from '../../test/s3.ts';
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
