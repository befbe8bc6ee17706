import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { loadSharp } from '../../sharp.ts';
import { memoryLog } from '../../test/gate.ts';
import { CLIP_SIZES, motionFor } from './clip.ts';
import { readMp4 } from './fakes/mp4.ts';
import { type FakeVeniceVideo, fakeMp4, startFakeVeniceVideo } from './fakes/venice.ts';
import { createVideoPort } from './index.ts';
import { createOfflineVideo, type OfflineVideoPort, renderWorkerSpec } from './offline.ts';
import { VIDEO_ERROR_MESSAGES, type VideoPort, VideoProviderError, type VideoRequest } from './port.ts';
import { createVeniceVideo, veniceDuration } from './venice.ts';

const KEY = 'test-video-key';
const MODEL = 'wan-2.2-a14b-image-to-video';

/** A portrait to animate: shapes with edges, so motion shows in the frames. */
async function portrait(): Promise<Buffer> {
  const sharp = await loadSharp();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
<rect width="512" height="512" fill="#a1c4fd"/><circle cx="256" cy="200" r="90" fill="#f4d7c3"/>
<rect x="120" y="320" width="272" height="192" fill="#c0392b"/><circle cx="60" cy="60" r="30" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function request(image: Buffer, overrides: Partial<VideoRequest> = {}): VideoRequest {
  return {
    prompt: 'portrait video of a beautiful adult woman smiling at the camera',
    negativePrompt: 'child, minor',
    seconds: 2,
    image: { bytes: image, contentType: 'image/png' },
    seed: 1234,
    aspect: '9:16',
    ...overrides,
  };
}

/** Polls the port until the clip is done (the offline port answers in seconds). */
async function waitDone(port: VideoPort, jobId: string): Promise<Buffer> {
  for (;;) {
    const answer = await port.poll(jobId);
    if (answer.state === 'done') return answer.video;
    if (answer.state === 'lost') throw new Error('job lost');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the offline video port', () => {
  let image: Buffer;
  let port: OfflineVideoPort;

  beforeAll(async () => {
    image = await portrait();
  });
  afterEach(async () => {
    await port?.close();
  });

  it('renders an H.264 MP4 of the asked length and aspect, without blocking the server thread', async () => {
    port = createOfflineVideo();
    expect(port.offline).toBe(true);
    expect(port.adapter).toBe('offline');
    expect(port.describe()).toContain('VIDEO_PROVIDER=venice');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      const { jobId } = await port.submit(request(image, { seconds: 3 }));
      expect(await port.poll(jobId)).toEqual({ state: 'processing' });
      const video = await waitDone(port, jobId);
      // The encoder holds a thread for its whole run: had it been this one, nothing would have ticked.
      expect(ticks).toBeGreaterThan(3);
      const mp4 = readMp4(video);
      expect(mp4.topLevel).toEqual(expect.arrayContaining(['ftyp', 'moov', 'mdat']));
      expect(mp4.durationSeconds).toBeCloseTo(3, 1);
      expect(mp4.tracks).toHaveLength(1);
      expect(mp4.tracks[0]).toMatchObject({ handler: 'vide', codec: 'avc1', ...CLIP_SIZES['9:16'] });
      expect(mp4.tracks[0]?.durationSeconds).toBeCloseTo(3, 1);
      await port.complete(jobId);
      expect(await port.poll(jobId)).toEqual({ state: 'lost' });
    } finally {
      clearInterval(timer);
    }
  });

  it('moves differently for different seeds and sizes the frame by aspect', async () => {
    port = createOfflineVideo();
    const one = motionFor(1);
    const motions = Array.from({ length: 12 }, (_, seed) => motionFor(seed));
    // Zooming in and out, and panning more than one way.
    expect(new Set(motions.map((m) => m.zoomTo > m.zoomFrom)).size).toBe(2);
    expect(
      new Set(motions.map((m) => `${Math.sign(m.to.x - m.from.x)}${Math.sign(m.to.y - m.from.y)}`)).size,
    ).toBeGreaterThan(2);
    expect(motionFor(1)).toEqual(one);

    const jobs = await Promise.all([
      port.submit(request(image, { seed: 1, aspect: '16:9', seconds: 1 })),
      port.submit(request(image, { seed: 2, aspect: '16:9', seconds: 1 })),
      port.submit(request(image, { seed: 1, aspect: '1:1', seconds: 1 })),
    ]);
    const [a, b, square] = await Promise.all(jobs.map(({ jobId }) => waitDone(port, jobId)));
    expect(readMp4(a as Buffer).tracks[0]).toMatchObject(CLIP_SIZES['16:9']);
    expect(readMp4(square as Buffer).tracks[0]).toMatchObject(CLIP_SIZES['1:1']);
    expect((a as Buffer).equals(b as Buffer)).toBe(false);
  });

  it('refuses a portrait it cannot read, forgets finished clips after a while and after a restart', async () => {
    let now = 1_000_000;
    const log = memoryLog();
    port = createOfflineVideo({ now: () => now, keepMs: 60_000, log });
    const bad = await port.submit(request(Buffer.from('not an image at all')));
    const error = await (async () => {
      for (;;) {
        try {
          if ((await port.poll(bad.jobId)).state !== 'processing') return undefined;
        } catch (caught) {
          return caught;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    expect(error).toBeInstanceOf(VideoProviderError);
    expect((error as VideoProviderError).kind).toBe('rejected');
    expect(log.entries.some((line) => line.level === 'warn')).toBe(true);

    const good = await port.submit(request(image, { seconds: 1 }));
    await waitDone(port, good.jobId);
    now += 61_000;
    expect(await port.poll(good.jobId)).toEqual({ state: 'lost' });
    expect(await port.poll('offline_from-before-a-restart')).toEqual({ state: 'lost' });
  });

  it('keeps a bounded queue and a bounded number of finished clips', async () => {
    port = createOfflineVideo({ maxQueued: 1, maxKept: 1 });
    const first = await port.submit(request(image, { seconds: 1 }));
    const second = await port.submit(request(image, { seconds: 1 }));
    // The first is rendering, the second waits: a third is one too many.
    await expect(port.submit(request(image, { seconds: 1 }))).rejects.toMatchObject({ kind: 'rate_limited' });
    await waitDone(port, second.jobId);
    // Only one finished clip is kept: the older one is gone.
    expect(await port.poll(first.jobId)).toEqual({ state: 'lost' });
  });

  it('stops an idle worker and starts another for the next clip', async () => {
    port = createOfflineVideo({ idleWorkerMs: 1 });
    await waitDone(port, (await port.submit(request(image, { seconds: 1 }))).jobId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const video = await waitDone(port, (await port.submit(request(image, { seconds: 1 }))).jobId);
    expect(readMp4(video).tracks[0]?.codec).toBe('avc1');
  });

  it('fails what it has not finished when closed', async () => {
    port = createOfflineVideo();
    const { jobId } = await port.submit(request(image, { seconds: 1 }));
    await port.close();
    await expect(port.poll(jobId)).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(port.submit(request(image))).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('finds its worker beside the source, or beside the bundle in production', () => {
    const source = renderWorkerSpec(new URL('./offline.ts', import.meta.url).href);
    expect(source.options).toMatchObject({ eval: true });
    expect(source.entry).toContain(fileURLToPath(new URL('./render-worker.ts', import.meta.url)));
    const bundle = renderWorkerSpec('file:///app/apps/server/dist/server.js');
    expect(String(bundle.entry)).toBe('file:///app/apps/server/dist/video-render-worker.js');
  });

  it('estimates more time for longer clips', () => {
    port = createOfflineVideo();
    expect(port.expectedMs(10)).toBeGreaterThan(port.expectedMs(5));
    expect(port.pollIntervalMs).toBeGreaterThan(0);
  });
});

describe('the Venice video port', () => {
  let fake: FakeVeniceVideo;
  let port: VideoPort;
  const image = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const log = memoryLog();

  beforeAll(async () => {
    fake = await startFakeVeniceVideo({ apiKey: KEY, model: MODEL });
    port = createVeniceVideo({ baseUrl: fake.baseUrl, apiKey: KEY, model: MODEL, timeoutMs: 1000, log });
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(() => {
    fake.processingPolls = 0;
    fake.video = fakeMp4();
  });

  it('queues with her portrait as the first frame, polls while processing, returns the MP4 and completes', async () => {
    fake.processingPolls = 2;
    const { jobId } = await port.submit(request(image, { seconds: 10, aspect: '16:9' }));
    const queued = fake.jobs.get(jobId)?.request;
    expect(queued).toEqual({
      model: MODEL,
      prompt: expect.stringContaining('smiling'),
      negative_prompt: 'child, minor',
      duration: '10s',
      resolution: '720p',
      aspect_ratio: '16:9',
      image_url: `data:image/png;base64,${image.toString('base64')}`,
    });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(await port.poll(jobId)).toEqual({ state: 'processing' });
    expect(await port.poll(jobId)).toEqual({ state: 'processing' });
    const done = await port.poll(jobId);
    expect(done).toEqual({ state: 'done', video: fake.video, contentType: 'video/mp4' });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/video/retrieve',
      body: { model: MODEL, queue_id: jobId },
    });
    await port.complete(jobId);
    expect(fake.jobs.get(jobId)?.completed).toBe(true);
    // A job the provider no longer knows is lost: the caller submits again.
    expect(await port.poll(jobId)).toEqual({ state: 'lost' });
  });

  it('maps seconds to Venice durations', () => {
    expect([1, 5, 6, 10, 15].map(veniceDuration)).toEqual(['5s', '5s', '10s', '10s', '10s']);
  });

  it.each([
    [402, 'balance'],
    [429, 'rate_limited'],
    [500, 'unavailable'],
    [503, 'unavailable'],
    [400, 'rejected'],
    [401, 'rejected'],
  ] as const)(
    'classifies HTTP %i on submit and poll as %s, without the provider body',
    async (status, kind) => {
      fake.failNext({ status, body: 'SECRET provider detail' });
      const submitted = await port.submit(request(image)).catch((error: unknown) => error);
      expect(submitted).toBeInstanceOf(VideoProviderError);
      expect(submitted).toMatchObject({ kind, status });
      expect(String((submitted as Error).message)).not.toContain('SECRET');
      const { jobId } = await port.submit(request(image));
      fake.failNext({ status, body: 'SECRET provider detail' });
      await expect(port.poll(jobId)).rejects.toMatchObject({ kind, status });
      expect(VIDEO_ERROR_MESSAGES[kind]).toMatch(/[а-я]/);
    },
  );

  it('treats a timeout and a refused connection as unavailable', async () => {
    fake.failNext({ hang: true });
    await expect(port.submit(request(image))).rejects.toMatchObject({ kind: 'unavailable' });
    const { jobId } = await port.submit(request(image));
    fake.failNext({ hang: true });
    await expect(port.poll(jobId)).rejects.toMatchObject({ kind: 'unavailable' });
    const closed = await startFakeVeniceVideo({ apiKey: KEY, model: MODEL });
    await closed.close();
    const nowhere = createVeniceVideo({
      baseUrl: closed.baseUrl,
      apiKey: KEY,
      model: MODEL,
      timeoutMs: 1000,
    });
    await expect(nowhere.submit(request(image))).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('calls malformed answers bad responses', async () => {
    const json = (body: string) => ({ status: 200, body, contentType: 'application/json' });
    fake.failNext(json('{"queue_id": '));
    await expect(port.submit(request(image))).rejects.toMatchObject({ kind: 'bad_response' });
    fake.failNext(json('{"id": "no queue id"}'));
    await expect(port.submit(request(image))).rejects.toMatchObject({ kind: 'bad_response' });

    const { jobId } = await port.submit(request(image));
    fake.failNext(json('{"status": "PROCESS'));
    await expect(port.poll(jobId)).rejects.toMatchObject({ kind: 'bad_response' });
    fake.failNext(json('{"status": "EXPLODED"}'));
    await expect(port.poll(jobId)).rejects.toMatchObject({ kind: 'bad_response' });
    // Not a video, whatever it is.
    fake.failNext({ status: 200, body: '<html>hello</html>', contentType: 'text/html' });
    await expect(port.poll(jobId)).rejects.toMatchObject({ kind: 'bad_response' });
    // Says video/mp4 but is not one.
    fake.failNext({ status: 200, body: 'definitely not an mp4', contentType: 'video/mp4' });
    await expect(port.poll(jobId)).rejects.toMatchObject({ kind: 'bad_response' });
  });

  it('completes on a best-effort basis: a refusal or a dead provider is logged, never thrown', async () => {
    const { jobId } = await port.submit(request(image));
    fake.failNext({ status: 500 });
    await expect(port.complete(jobId)).resolves.toBeUndefined();
    fake.failNext({ hang: true });
    await expect(port.complete(jobId)).resolves.toBeUndefined();
    expect(
      log.entries.filter((line) => line.msg?.startsWith('video: complete')).length,
    ).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(log.entries)).not.toContain('SECRET');
  });

  it('tells where it sends requests and estimates minutes', () => {
    expect(port.offline).toBe(false);
    expect(port.describe()).toContain(new URL(fake.baseUrl).origin);
    expect(port.expectedMs(5)).toBeGreaterThanOrEqual(60_000);
    expect(port.expectedMs(10)).toBeGreaterThan(port.expectedMs(5));
  });
});

describe('createVideoPort', () => {
  it('picks the adapter from VIDEO_PROVIDER', async () => {
    const offline = createVideoPort(loadConfig({}));
    expect(offline.adapter).toBe('offline');
    await offline.close();
    const venice = createVideoPort(
      loadConfig({
        VIDEO_PROVIDER: 'venice',
        VIDEO_API_KEY: KEY,
        VIDEO_BASE_URL: 'http://127.0.0.1:9/api/v1',
      }),
    );
    expect(venice.adapter).toBe('venice');
    expect(venice.describe()).toContain('127.0.0.1:9');
    await venice.close();
  });
});
