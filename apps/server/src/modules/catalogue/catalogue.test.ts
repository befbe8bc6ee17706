import { adoptResponseSchema, type CatalogueItem, catalogueResponseSchema } from '@podruga/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../app.ts';
import type { ImagePort, ImageRequest } from '../../providers/image/port.ts';
import { ImageProviderError } from '../../providers/image/port.ts';
import { buildTestApp } from '../../test/app.ts';
import { useTestDatabase } from '../../test/db.ts';
import { type Gate, gate } from '../../test/gate.ts';
import { bearer, expectError, guest, register } from '../../test/http.ts';
import { freshAddress, TEST_REDIS_URL, useRedis } from '../../test/redis.ts';
import { CATALOGUE } from './catalogue.seed.ts';
import { CATALOGUE_PORTRAIT_JOB } from './catalogue.service.ts';

const database = useTestDatabase();
const redisUp = useRedis('the catalogue portrait job on BullMQ');
let app: FastifyInstance;

afterEach(async () => {
  await app?.close();
});

/**
 * A fake image port: a small PNG per seed (so every portrait gets its own stored name), the calls it
 * got, and optionally a gate each call waits for, or a number of calls for one hairstyle that fail.
 */
function fakeImage(options: { held?: Gate; fail?: { hairstyle: string; times: number } } = {}) {
  const calls: ImageRequest[] = [];
  let failures = options.fail?.times ?? 0;
  const port: ImagePort = {
    adapter: 'fake',
    offline: true,
    describe: () => 'image: fake (tests)',
    async generate(request) {
      calls.push(request);
      await options.held?.promise;
      if (failures > 0 && request.traits?.hairstyle === options.fail?.hairstyle) {
        failures -= 1;
        throw new ImageProviderError('unavailable', 503);
      }
      const { seed } = request;
      const background = { r: seed & 255, g: (seed >> 8) & 255, b: (seed >> 16) & 255 };
      const png = await sharp({ create: { width: 32, height: 48, channels: 3, background } })
        .png()
        .toBuffer();
      return { images: [png], model: request.model, seed: request.seed };
    },
  };
  return { port, calls };
}

/** The app with this image port; without one, the configured (offline) adapter draws. */
async function start(image?: ImagePort, deps: AppDeps = {}, env: Record<string, string> = {}) {
  ({ app } = await buildTestApp(database(), { env, deps: { ...(image ? { image } : {}), ...deps } }));
  // Guest counters in a shared Redis outlive the test: a fresh address each time there.
  const { access_token: token } = await guest(app, env.REDIS_URL ? freshAddress() : undefined);
  return token;
}

async function listCatalogue(token: string): Promise<CatalogueItem[]> {
  const res = await app.inject({ method: 'GET', url: '/api/catalogue', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return catalogueResponseSchema.parse(res.json()).items;
}

describe('catalogue', () => {
  it('lists at least 8 ready-made companions with portraits', async () => {
    const token = await start();
    await app.catalogue.seed();
    await app.jobs.idle();
    const items = await listCatalogue(token);
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items.map((i) => i.name)).toEqual(
      expect.arrayContaining(['Алиса', 'Вероника', 'Мия', 'Камила', 'Ева', 'Дарья', 'Лейла', 'Софи']),
    );
    expect(new Set(items.map((i) => i.ethnicity)).size).toBe(4);
    for (const item of items) {
      expect(item.age).toBeGreaterThanOrEqual(21);
      expect(item.image).toMatch(/^[0-9a-f]{40}\.png$/);
    }
    const pic = await app.inject({ method: 'GET', url: `/pics/${items[0]!.image}` });
    expect(pic.statusCode).toBe(200);
  });

  it('adopting copies her into the user’s companions with a chat, and counts against the limit', async () => {
    const token = await start(fakeImage().port);
    await app.catalogue.seed();
    const res = await app.inject({ method: 'POST', url: '/api/catalogue/mia/adopt', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const { character, chat } = adoptResponseSchema.parse(res.json());
    expect(character).toMatchObject({ name: 'Мия', catalogue_id: 'mia', hair_color: 'pink', age: 21 });
    expect(character.image).toMatch(/\.png$/);
    expect(chat).toMatchObject({ character_id: character.id, title: 'Chat with Мия' });

    const second = await app.inject({
      method: 'POST',
      url: '/api/catalogue/eva/adopt',
      headers: bearer(token),
    });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({
      code: 'companion_limit',
      paywall_context: 'guest_limit',
      current_count: 1,
    });

    // Deleting her keeps the catalogue portrait she shared.
    await app.inject({ method: 'DELETE', url: `/api/characters/${character.id}`, headers: bearer(token) });
    expect((await app.inject({ method: 'GET', url: `/pics/${character.image}` })).statusCode).toBe(200);

    const unknown = await app.inject({
      method: 'POST',
      url: '/api/catalogue/nobody/adopt',
      headers: bearer(token),
    });
    expectError(unknown, 404, 'not_found');
    const registered = await register(app, { email: 'x@mail.ru' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/catalogue/eva/adopt',
          headers: bearer(registered.access_token),
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('catalogue portraits, drawn by a job', () => {
  it('the gallery answers at once while the image port is still drawing; the job then stores them', async () => {
    const held = gate();
    const image = fakeImage({ held });
    const token = await start(image.port);
    await app.catalogue.seed();

    const before = await listCatalogue(token);
    expect(before).toHaveLength(CATALOGUE.length);
    expect(before.every((item) => item.image === null)).toBe(true);
    // The job starts on its own schedule: on a loaded machine its first call may come a moment later.
    await vi.waitFor(() => expect(image.calls).toHaveLength(1), { timeout: 15_000 });

    held.open();
    await app.jobs.idle();
    const after = await listCatalogue(token);
    expect(after.every((item) => /^[0-9a-f]{40}\.png$/.test(item.image ?? ''))).toBe(true);
    expect(new Set(after.map((item) => item.image)).size).toBe(CATALOGUE.length);
    expect(image.calls).toHaveLength(CATALOGUE.length);
    for (const item of after) {
      expect((await app.inject({ method: 'GET', url: `/pics/${item.image}` })).statusCode).toBe(200);
    }
  });

  it('a failing image provider is retried with exponential backoff until the portrait is stored', async () => {
    const delays: number[] = [];
    const alisa = CATALOGUE.find((c) => c.id === 'alisa');
    const image = fakeImage({ fail: { hairstyle: alisa?.hairstyle ?? '', times: 2 } });
    const token = await start(image.port, {
      jobs: {
        schedule: (ms, retry) => {
          delays.push(ms);
          setImmediate(retry);
        },
      },
    });
    await app.catalogue.seed();
    await app.jobs.idle();

    expect(delays).toEqual([30_000, 60_000]);
    const items = await listCatalogue(token);
    expect(items.every((item) => /^[0-9a-f]{40}\.png$/.test(item.image ?? ''))).toBe(true);
    // Alisa's two failures, then one drawing per companion.
    expect(image.calls).toHaveLength(2 + CATALOGUE.length);
  });

  it('is idempotent: queued twice, or queued again once drawn, she is drawn once', async () => {
    const held = gate();
    const image = fakeImage({ held });
    await start(image.port);
    await app.catalogue.seed();
    await app.catalogue.seed();
    await app.jobs.enqueue(CATALOGUE_PORTRAIT_JOB, { id: 'mia' }, 'mia');
    held.open();
    await app.jobs.idle();
    await app.catalogue.seed();
    await app.jobs.enqueue(CATALOGUE_PORTRAIT_JOB, { id: 'mia' }, 'mia');
    await app.jobs.idle();

    const seeds = image.calls.map((call) => call.seed);
    expect(seeds).toHaveLength(CATALOGUE.length);
    expect(new Set(seeds).size).toBe(CATALOGUE.length);
  });

  it('adopting her before her job ran draws her at once, and the job then has nothing left to draw', async () => {
    const image = fakeImage();
    const token = await start(image.port);
    await app.catalogue.seed();
    const res = await app.inject({
      method: 'POST',
      url: '/api/catalogue/nika/adopt',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adoptResponseSchema.parse(res.json()).character.image).toMatch(/^[0-9a-f]{40}\.png$/);
    await app.jobs.idle();
    expect(image.calls).toHaveLength(CATALOGUE.length);
  });

  it('runs on BullMQ when REDIS_URL is set (real Redis)', async (ctx) => {
    if (!redisUp()) ctx.skip();
    const image = fakeImage();
    // buildTestApp gives the app BullMQ queues of its own, removed when it closes.
    const token = await start(image.port, {}, { REDIS_URL: TEST_REDIS_URL });
    expect(app.jobs.adapter).toBe('bullmq');
    await app.catalogue.seed();
    await app.catalogue.seed();
    await app.jobs.idle();
    const items = await listCatalogue(token);
    expect(items.every((item) => /^[0-9a-f]{40}\.png$/.test(item.image ?? ''))).toBe(true);
    expect(image.calls).toHaveLength(CATALOGUE.length);
  });
});
