import { PREVIEW_CLIPS } from '@podruga/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessJobQueue } from '../../jobs/in-process.ts';
import type { ImagePort } from '../../providers/image/port.ts';
import { createStoragePort } from '../../providers/storage/index.ts';
import type { StoragePort } from '../../providers/storage/port.ts';
import { readMp4 } from '../../providers/video/fakes/mp4.ts';
import { fakeMp4 } from '../../providers/video/fakes/venice.ts';
import { createOfflineVideo, type OfflineVideoPort } from '../../providers/video/offline.ts';
import type { VideoPoll, VideoPort, VideoRequest } from '../../providers/video/port.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { useTestDatabase } from '../../test/db.ts';
import { gate, memoryLog } from '../../test/gate.ts';
import { CATALOGUE } from '../catalogue/catalogue.seed.ts';
import { PREVIEW_CLIP_JOB, PREVIEW_SCENES, PreviewsService, previewClipKey } from './previews.service.ts';

const database = useTestDatabase();
let t: TestApp | undefined;
let offline: OfflineVideoPort | undefined;
let queue: InProcessJobQueue | undefined;

afterEach(async () => {
  await queue?.close(1000);
  await offline?.close();
  await t?.app.close();
  t = queue = offline = undefined;
});

/** The app (its catalogue and the offline image port), optionally with an image port of the test's. */
async function start(image?: ImagePort): Promise<{ app: FastifyInstance; storage: StoragePort }> {
  t = await buildTestApp(database(), image ? { deps: { image } } : {});
  return { app: t.app, storage: createStoragePort(t.config) };
}

/** A video port that records its requests around a real one (or answers `polls` itself). */
function recording(inner: VideoPort, polls: VideoPoll[] = []) {
  const requests: VideoRequest[] = [];
  const completed: string[] = [];
  const port: VideoPort = {
    ...inner,
    async submit(request) {
      requests.push(request);
      return inner.submit(request);
    },
    async poll(jobId) {
      return polls.shift() ?? inner.poll(jobId);
    },
    async complete(jobId) {
      completed.push(jobId);
      return inner.complete(jobId);
    },
  };
  return { port, requests, completed };
}

/** The previews on a real in-process queue whose retries wait for `retry()`: backoffs recorded. */
function previews(
  deps: { video: VideoPort; storage: StoragePort; app: FastifyInstance },
  clipIds: number[],
  /** Polls without waiting unless a test waits for a real render. */
  sleep: (ms: number) => Promise<void> = async () => {},
) {
  const log = memoryLog();
  const delays: number[] = [];
  const held: Array<() => void> = [];
  queue = new InProcessJobQueue(log, {
    schedule: (ms, retry) => {
      delays.push(ms);
      held.push(retry);
    },
  });
  const service = new PreviewsService({
    jobs: queue,
    video: deps.video,
    storage: deps.storage,
    catalogue: deps.app.catalogue,
    log,
    clips: PREVIEW_CLIPS.filter((clip) => clipIds.includes(clip.id)),
    seconds: 1,
    sleep,
  });
  const retry = () => {
    for (const run of held.splice(0)) run();
  };
  return { service, log, delays, retry, jobs: queue };
}

async function bytesOf(storage: StoragePort, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the preview clips', () => {
  it('are made by the video port from the ready-made companions’ portraits, once, and served at /vids', async () => {
    const { app, storage } = await start();
    await app.catalogue.seed();
    await app.jobs.idle();
    offline = createOfflineVideo();
    const video = recording(offline);
    const count = CATALOGUE.length;
    const { service, jobs } = previews(
      { video: video.port, storage, app },
      [1, 2, count + 1],
      (ms) => new Promise((resolve) => setTimeout(resolve, ms / 10)),
    );

    await service.seed();
    await jobs.idle();

    const companions = await app.catalogue.portraits();
    expect(video.requests).toHaveLength(3);
    const [first, second, again] = video.requests as [VideoRequest, VideoRequest, VideoRequest];
    // Clip n is companion (n − 1) mod count: clip count + 1 is the first companion again, in another scene.
    expect(first.image.bytes.equals((await bytesOf(storage, companions[0]?.image ?? '')) as Buffer)).toBe(
      true,
    );
    expect(second.image.bytes.equals((await bytesOf(storage, companions[1]?.image ?? '')) as Buffer)).toBe(
      true,
    );
    expect(again.image.bytes.equals(first.image.bytes)).toBe(true);
    expect(first.prompt).toContain(PREVIEW_SCENES[0]);
    expect(again.prompt).toContain(PREVIEW_SCENES[count % PREVIEW_SCENES.length]);
    expect(first.prompt).toContain('adult woman');
    expect(first.negativePrompt).toContain('child');
    expect(new Set(video.requests.map((r) => r.seed)).size).toBe(3);
    expect(video.completed).toHaveLength(3);

    for (const id of [1, 2, count + 1]) {
      const clip = await bytesOf(storage, previewClipKey(id));
      expect(clip, `clip ${id}`).not.toBeNull();
      const mp4 = readMp4(clip as Buffer);
      expect(mp4.tracks[0]?.codec).toBe('avc1');
      expect(mp4.durationSeconds).toBeCloseTo(1, 1);
    }
    const served = await app.inject({ method: 'GET', url: '/vids/001.mp4' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');

    // A second start finds them made: nothing is queued, nothing rendered.
    await service.seed();
    await jobs.idle();
    await jobs.enqueue(PREVIEW_CLIP_JOB, { id: 1 }, 'preview-1');
    await jobs.idle();
    expect(video.requests).toHaveLength(3);
  });

  it('her portrait not drawn yet: drawn first (shared with its own job), then the clip', async () => {
    const portraitHeld = gate();
    let drawn = 0;
    const image: ImagePort = {
      adapter: 'held',
      offline: true,
      describe: () => 'image: held (tests)',
      async generate(request) {
        await portraitHeld.promise;
        drawn += 1;
        const png = await sharp({ create: { width: 64, height: 96, channels: 3, background: '#c39' } })
          .png()
          .toBuffer();
        return { images: [png], model: request.model, seed: request.seed };
      },
    };
    const { app, storage } = await start(image);
    await app.catalogue.seed();
    const video = recording({
      adapter: 'fake',
      offline: true,
      describe: () => 'video: fake (tests)',
      pollIntervalMs: 1000,
      expectedMs: () => 1000,
      submit: async () => ({ jobId: 'job-1' }),
      poll: async () => ({ state: 'done', video: fakeMp4('clip one'), contentType: 'video/mp4' }),
      complete: async () => {},
    });
    const { service, delays, jobs } = previews({ video: video.port, storage, app }, [1]);

    await service.seed();
    // The clip waits for her portrait; nothing is submitted meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(video.requests).toHaveLength(0);
    expect(await bytesOf(storage, previewClipKey(1))).toBeNull();

    portraitHeld.open();
    await jobs.idle();
    await app.jobs.idle();
    expect(video.requests).toHaveLength(1);
    expect((await bytesOf(storage, previewClipKey(1)))?.toString()).toContain('clip one');
    // No retry was needed, and the companion's own portrait job did not draw her a second time.
    expect(delays).toEqual([]);
    expect(video.requests[0]?.image.bytes.length).toBeGreaterThan(0);
    expect(drawn).toBeLessThanOrEqual((await app.catalogue.portraits()).length);
  });

  it('submit again when the provider lost the job, and give up a try that never finishes', async () => {
    const { app, storage } = await start();
    await app.catalogue.seed();
    await app.jobs.idle();
    let submitted = 0;
    const fake: VideoPort = {
      adapter: 'fake',
      offline: false,
      describe: () => 'video: fake (tests)',
      pollIntervalMs: 5000,
      expectedMs: () => 60_000,
      submit: async () => ({ jobId: `job-${++submitted}` }),
      poll: async () => ({ state: 'processing' }),
      complete: async () => {},
    };
    const lostOnce = recording(fake, [
      { state: 'processing' },
      { state: 'lost' },
      { state: 'processing' },
      { state: 'done', video: fakeMp4('after a loss'), contentType: 'video/mp4' },
    ]);
    const first = previews({ video: lostOnce.port, storage, app }, [2]);
    await first.service.makeClip(2);
    expect(lostOnce.requests).toHaveLength(2);
    expect(lostOnce.completed).toEqual(['job-2']);
    expect((await bytesOf(storage, previewClipKey(2)))?.toString()).toContain('after a loss');
    await queue?.close(1000);

    // Never done: four times the estimate (at least two minutes) of polls, then the try fails.
    const never = recording(fake);
    const second = previews({ video: never.port, storage, app }, [3]);
    await expect(second.service.makeClip(3)).rejects.toThrow(/no clip after 48 polls/);
    expect(await bytesOf(storage, previewClipKey(3))).toBeNull();

    // A provider failure fails the try too (the job retries it).
    const failing = recording({ ...fake, submit: async () => Promise.reject(new Error('provider down')) });
    await queue?.close(1000);
    const third = previews({ video: failing.port, storage, app }, [3]);
    await third.service.seed();
    await expect.poll(() => third.delays).toEqual([30_000]);
  });
});
