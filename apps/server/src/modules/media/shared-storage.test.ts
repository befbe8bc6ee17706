import type { Chat } from '@podruga/shared';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createCharacter } from '../../test/characters.ts';
import { useTestDatabase } from '../../test/db.ts';
import { bearer, guest, multipart } from '../../test/http.ts';
import { type LocalS3, startLocalS3 } from '../../test/s3.ts';

/*
 * Issue 17: with S3_BUCKET set, media live in the bucket, so an instance serves what another stored.
 * Two apps on one database and one local S3-compatible server (s3rver), each with its own DATA_DIR.
 */

const db = useTestDatabase();
let s3: LocalS3;
let apps: TestApp[] = [];

beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
});
afterEach(async () => {
  await Promise.all(apps.map((a) => a.app.close()));
  apps = [];
});

describe('media on S3-compatible storage', () => {
  it('a photo uploaded through one instance is served by the other', async () => {
    apps = [await buildTestApp(db(), { env: s3.env }), await buildTestApp(db(), { env: s3.env })];
    const [one, two] = apps;
    if (!one || !two) throw new Error('apps not built');
    expect(one.app.providers.storage?.adapter).toBe('s3');

    const { access_token: token } = await guest(one.app);
    const her = await createCharacter(one.app, token);
    const chat = (
      await one.app.inject({
        method: 'POST',
        url: '/api/chats/',
        headers: bearer(token),
        payload: { character_id: her.id },
      })
    ).json<Chat>();
    const jpeg = await sharp({ create: { width: 320, height: 400, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const saved = await one.app.inject({
      method: 'POST',
      url: '/api/save_initial_image',
      ...multipart(token, { chat_id: chat.id }, { name: 'first.jpg', type: 'image/jpeg', bytes: jpeg }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { image_path } = saved.json<{ image_path: string }>();

    const served = await two.app.inject({ method: 'GET', url: `/pics/${image_path}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(320);
    expect((await two.app.inject({ method: 'GET', url: '/pics/none.jpg' })).statusCode).toBe(404);
  });
});
