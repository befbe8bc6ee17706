import {
  HER_MEDIA_TEXTS,
  type HerMediaMetadata,
  type LimitsStatus,
  type Message,
  type PremiumFeaturePayload,
  type RateLimitPayload,
  type VideoReadyPayload,
} from '@podruga/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../app.ts';
import { characters, messages, users } from '../../../db/schema/index.ts';
import { createOfflineImage } from '../../../providers/image/offline.ts';
import { IMAGE_ERROR_MESSAGES, type ImagePort, ImageProviderError } from '../../../providers/image/port.ts';
import type { IntentPort } from '../../../providers/intent/port.ts';
import type { VideoPoll, VideoPort, VideoRequest } from '../../../providers/video/port.ts';
import type { TestApp } from '../../../test/app.ts';
import { FakeUpstream, history, useChatApps, userWithChat } from '../../../test/chat.ts';
import { useTestDatabase } from '../../../test/db.ts';
import { bearer } from '../../../test/http.ts';
import type { HerMediaPrompts } from './her-media.service.ts';
import { HER_MEDIA_LINES, HER_MEDIA_READY_LINES, HER_MEDIA_SERVER_TEXTS } from './her-media.texts.ts';

/** Recognises "фото" and "видео" (the real recogniser has tests of its own); the scene is the text. */
const intent: IntentPort = {
  adapter: 'test',
  offline: true,
  describe: () => 'test intent',
  async detect(text) {
    if (/видео/i.test(text)) return { kind: 'video', scene: text };
    if (/фото/i.test(text)) return { kind: 'photo', scene: text };
    return null;
  },
};
const prompts: HerMediaPrompts = {
  photo: (traits, scene) => ({
    prompt: `adult woman, ${traits.age} years old, ${scene}`,
    negativePrompt: 'child',
  }),
  video: (traits, scene) => ({
    prompt: `adult woman, ${traits.age} years old, moving, ${scene}`,
    negativePrompt: 'child',
  }),
  seed: () => 42,
  refusal: (scene) => (/детств/i.test(scene) ? 'minor' : null),
};

/** A video service whose jobs take `polls` polls; `lose()` forgets every job (a provider restart). */
class FakeVideo implements VideoPort {
  readonly adapter = 'fake-video';
  readonly offline = false;
  readonly pollIntervalMs = 20;
  polls = 2;
  requests: VideoRequest[] = [];
  completed: string[] = [];
  private readonly jobs = new Map<string, number>();
  describe = () => 'fake video';
  expectedMs = (seconds: number) => seconds * 1000;
  async submit(request: VideoRequest) {
    this.requests.push(request);
    const jobId = `job-${this.requests.length}`;
    this.jobs.set(jobId, 0);
    return { jobId };
  }
  async poll(jobId: string): Promise<VideoPoll> {
    const seen = this.jobs.get(jobId);
    if (seen === undefined) return { state: 'lost' };
    this.jobs.set(jobId, seen + 1);
    if (seen + 1 < this.polls) return { state: 'processing' };
    return { state: 'done', video: Buffer.from(`mp4 of ${jobId}`), contentType: 'video/mp4' };
  }
  async complete(jobId: string) {
    this.completed.push(jobId);
  }
  lose() {
    this.jobs.clear();
  }
}

/** An image port that fails the next `failures` calls with `kind`, then draws offline. */
function flakyImage(kind: ImageProviderError['kind'], failures: number): ImagePort & { calls: number } {
  const offline = createOfflineImage();
  const port = {
    ...offline,
    calls: 0,
    async generate(request: Parameters<ImagePort['generate']>[0]) {
      port.calls += 1;
      if (port.calls <= failures) throw new ImageProviderError(kind, 402);
      return offline.generate(request);
    },
  };
  return port;
}

const getDatabase = useTestDatabase();
const upstream = new FakeUpstream();
beforeAll(() => upstream.start());
afterAll(() => upstream.stop());
beforeEach(() => {
  upstream.reset();
  upstream.words = ['ок'];
});
const chatApps = useChatApps(upstream, { sendThrottle: null });
let video: FakeVideo;
beforeEach(() => {
  video = new FakeVideo();
});
const start = (deps: AppDeps = {}, env: Record<string, string> = {}) =>
  chatApps.start(getDatabase(), { intent, herPrompts: prompts, video, ...deps }, env);

const herMedia = (m: Message) => m.metadata as unknown as HerMediaMetadata;

async function plus(userId: string, vip = false): Promise<void> {
  const future = new Date(Date.now() + 30 * 86_400_000);
  await getDatabase()
    .db.update(users)
    .set({ membershipType: 'plus', membershipExpiry: future, ...(vip ? { vipExpiry: future } : {}) })
    .where(eq(users.id, userId));
}

/** Her portrait in storage: a video's first frame and the photos' reference. */
async function withPortrait(t: TestApp, characterId: string): Promise<void> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c87' } })
    .png()
    .toBuffer();
  await (t.app.providers.storage as import('../../../providers/storage/port.ts').StoragePort).put(
    'portrait-test.png',
    png,
    'image/png',
  );
  await getDatabase()
    .db.update(characters)
    .set({ image: 'portrait-test.png' })
    .where(eq(characters.id, characterId));
}

async function limitsStatus(t: TestApp, token: string): Promise<LimitsStatus> {
  const res = await t.app.inject({ url: '/api/user/limits/status', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<LimitsStatus>();
}

describe('photos of her on request', () => {
  it('answers with her placeholder at once, then the same message with the photo; it survives a reload', async () => {
    const { t, url } = await start();
    const user = await userWithChat(t.app, getDatabase());
    const c = await chatApps.connect(url, user.token, user.chatId);
    c.socket.emit('message', {
      content: 'Пришли фото на пляже',
      current_chat_id: user.chatId,
      client_id: 'c1',
    });

    await c.waitFor(() => c.payloads<Message>('message').some((m) => herMedia(m)?.status === 'ready'));
    const [placeholder, ready] = c.payloads<Message>('message');
    expect(c.count('ack')).toBe(1);
    expect(c.count('message_chunk')).toBe(0);
    expect(placeholder?.message_type).toBe('image');
    expect(herMedia(placeholder as Message)).toMatchObject({
      media: 'photo',
      status: 'pending',
      request: 'Пришли фото на пляже',
    });
    expect(placeholder?.metadata).not.toHaveProperty('job');
    expect(ready?.id).toBe(placeholder?.id);
    expect(ready?.image_path).toMatch(/\.(png|jpe?g|webp)$/);
    expect(herMedia(ready as Message)).toMatchObject({ status: 'ready', demo: true });
    // Her line follows: "one moment" while it is made, "here it is" once it is there.
    expect(HER_MEDIA_LINES.photo).toContain(placeholder?.content);
    expect(HER_MEDIA_READY_LINES.photo).toContain(ready?.content);

    const picture = await t.app.inject({ url: `/pics/${ready?.image_path}` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);

    const rows = await history(t.app, user.token, user.chatId);
    expect(rows.map((m) => [m.is_user, m.message_type])).toEqual([
      [true, 'text'],
      [false, 'image'],
    ]);
    expect(rows[1]?.image_path).toBe(ready?.image_path);
    const status = await limitsStatus(t, user.token);
    expect(status.resources.photos).toEqual({ limit: 3, used: 1 });
    expect(status.resources.messages.used).toBe(1);
  });

  it('over the day’s photos: the photo card, nothing stored, the message allowance untouched', async () => {
    const { t, url } = await start({}, { PHOTOS_PER_DAY: 'guest:1' });
    const user = await userWithChat(t.app, getDatabase());
    const c = await chatApps.connect(url, user.token, user.chatId);
    c.socket.emit('message', { content: 'Пришли фото', current_chat_id: user.chatId, client_id: 'c1' });
    await c.waitFor(() => c.payloads<Message>('message').some((m) => herMedia(m)?.status === 'ready'));
    c.socket.emit('message', {
      content: 'Ещё одно фото, пожалуйста',
      current_chat_id: user.chatId,
      client_id: 'c2',
    });
    await c.waitFor(() => c.count('rate_limit') === 1);

    const [limit] = c.payloads<RateLimitPayload>('rate_limit');
    expect(limit).toMatchObject({ limit_type: 'photos', client_id: 'c2', user_type: 'guest' });
    expect(limit?.content).toBe(
      HER_MEDIA_TEXTS.photoLimit({ hours: limit?.reset_hours ?? 0, minutes: limit?.reset_minutes ?? 0 }),
    );
    expect(limit?.metadata.limit_type).toBe('photos');
    const rows = await history(t.app, user.token, user.chatId);
    expect(rows.map((m) => m.message_type)).toEqual(['text', 'image', 'rate_limit']);
    expect(rows.some((m) => m.content === 'Ещё одно фото, пожалуйста')).toBe(false);
    const status = await limitsStatus(t, user.token);
    expect(status.resources.messages.used).toBe(1);
    expect(status.resources.photos).toEqual({ limit: 1, used: 1 });

    // A plain message still goes through: only photos are used up.
    c.socket.emit('message', { content: 'Как дела?', current_chat_id: user.chatId, client_id: 'c3' });
    await c.waitFor(() => c.count('streaming_complete') === 1);
  });

  it('Plus and VIP show the photo allowance as unlimited', async () => {
    const { t } = await start();
    const user = await userWithChat(t.app, getDatabase());
    await plus(user.userId);
    expect((await limitsStatus(t, user.token)).resources.photos.limit).toBeNull();
  });

  it('a failed photo says why in Russian, gives the allowance back, and can be asked for again', async () => {
    const image = flakyImage('balance', 1);
    const { t, url } = await start({ image });
    const user = await userWithChat(t.app, getDatabase());
    const c = await chatApps.connect(url, user.token, user.chatId);
    c.socket.emit('message', { content: 'Пришли фото в платье', current_chat_id: user.chatId });
    await c.waitFor(() => c.payloads<Message>('message').some((m) => herMedia(m)?.status === 'failed'));
    const failed = c.payloads<Message>('message').find((m) => herMedia(m)?.status === 'failed') as Message;
    expect(herMedia(failed).error).toBe(IMAGE_ERROR_MESSAGES.balance);
    expect((await limitsStatus(t, user.token)).resources.photos.used).toBe(0);
    // The request is kept: the user's message and her failed photo, with what was asked.
    const rows = await history(t.app, user.token, user.chatId);
    expect(rows[0]?.content).toBe('Пришли фото в платье');
    expect(herMedia(rows[1] as Message)).toMatchObject({ status: 'failed', request: 'Пришли фото в платье' });

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${failed.id}/retry-media`,
      headers: bearer(user.token),
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(herMedia(retry.json<Message>())).toMatchObject({ status: 'pending' });
    await c.waitFor(() =>
      c.payloads<Message>('message').some((m) => m.id === failed.id && herMedia(m)?.status === 'ready'),
    );
    expect((await limitsStatus(t, user.token)).resources.photos.used).toBe(1);

    // Ready now: nothing to retry (409); another user's, or no such message: 404.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${failed.id}/retry-media`,
      headers: bearer(user.token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: HER_MEDIA_SERVER_TEXTS.notFailed });
    const other = await userWithChat(t.app, getDatabase(), '10.0.9.9');
    for (const [token, id] of [
      [other.token, failed.id],
      [user.token, 'not-a-uuid'],
      [user.token, '00000000-0000-4000-8000-000000000000'],
      [user.token, rows[0]?.id ?? ''],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/messages/${id}/retry-media`,
        headers: bearer(token),
      });
      expect(res.statusCode, `${id}`).toBe(404);
    }
  });

  it('a provider hiccup is tried again before the user hears of it', async () => {
    const image = flakyImage('unavailable', 1);
    const { url, t } = await start({ image, jobs: { schedule: (_ms, retry) => void setTimeout(retry, 5) } });
    const user = await userWithChat(t.app, getDatabase());
    const c = await chatApps.connect(url, user.token, user.chatId);
    c.socket.emit('message', { content: 'Пришли фото', current_chat_id: user.chatId });
    await c.waitFor(
      () => c.payloads<Message>('message').some((m) => herMedia(m)?.status === 'ready'),
      60_000,
    );
    expect(image.calls).toBe(2);
  });

  it('a scene that would make her younger is refused like an unsafe message, before anything is counted', async () => {
    const image = flakyImage('balance', 0);
    const { t, url } = await start({ image });
    const user = await userWithChat(t.app, getDatabase());
    const c = await chatApps.connect(url, user.token, user.chatId);
    c.socket.emit('message', { content: 'Пришли своё фото в детстве', current_chat_id: user.chatId });
    await c.waitFor(() => c.payloads<{ code?: string }>('error').some((e) => e.code === 'safety_refused'));
    const rows = await history(t.app, user.token, user.chatId);
    expect(rows.map((m) => [m.is_user, m.message_type, m.metadata?.refused])).toEqual([
      [true, 'text', 'minor'],
      [false, 'text', 'minor'],
    ]);
    expect(image.calls).toBe(0);
    const status = await limitsStatus(t, user.token);
    expect([status.resources.photos.used, status.resources.messages.used]).toEqual([0, 0]);
  });

  it('an image prompt the safety checks refuse is never generated', async () => {
    const image = flakyImage('balance', 0);
    const unsafe: HerMediaPrompts = {
      ...prompts,
      photo: () => ({ prompt: 'photo of a 12 year old girl', negativePrompt: '' }),
    };
    const { t, url } = await start({ image, herPrompts: unsafe });
    const user = await userWithChat(t.app, getDatabase());
    const c = await chatApps.connect(url, user.token, user.chatId);
    c.socket.emit('message', { content: 'Пришли фото', current_chat_id: user.chatId });
    await c.waitFor(() => c.payloads<Message>('message').some((m) => herMedia(m)?.status === 'failed'));
    expect(image.calls).toBe(0);
  });
});

describe('videos of her', () => {
  it('below Plus: her answer, premium_feature to the sender, no video counted (socket and REST)', async () => {
    const { t, url } = await start();
    const user = await userWithChat(t.app, getDatabase());
    const c = await chatApps.connect(url, user.token, user.chatId);
    c.socket.emit('message', { content: 'Пришли видео, где ты танцуешь', current_chat_id: user.chatId });
    await c.waitFor(() => c.count('premium_feature') === 1);
    expect(c.payloads<PremiumFeaturePayload>('premium_feature')).toEqual([
      { feature: 'video', chat_id: user.chatId },
    ]);
    const reply = c.payloads<Message>('message').at(-1) as Message;
    expect(HER_MEDIA_SERVER_TEXTS.premiumVideo).toContain(reply.content);
    expect(video.requests).toHaveLength(0);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages/',
      headers: bearer(user.token),
      payload: { chat_id: user.chatId, content: 'Сними видео', is_user: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ premium_feature: 'video' });
    const status = await limitsStatus(t, user.token);
    expect(status.resources.videos).toEqual({ limit: 0, used: 0 });
    expect(status.resources.messages.used).toBe(2);
  });

  it('Plus: submitted with her portrait, polled, stored, the message updated and video_ready sent', async () => {
    const { t, url } = await start();
    const user = await userWithChat(t.app, getDatabase());
    await plus(user.userId);
    await withPortrait(t, user.characterId);
    const c = await chatApps.connect(url, user.token, user.chatId);
    c.socket.emit('message', { content: 'Пришли видео на пляже', current_chat_id: user.chatId });
    await c.waitFor(() => c.count('video_ready') === 1);

    const [ready] = c.payloads<VideoReadyPayload>('video_ready');
    expect(ready?.video_url).toMatch(/^\/vids\/her_[\w-]+\.mp4$/);
    const final = c.payloads<Message>('message').at(-1) as Message;
    expect(final).toMatchObject({ id: ready?.message_id, message_type: 'video' });
    expect(`/vids/${final.video_path}`).toBe(ready?.video_url);
    expect(herMedia(final)).toMatchObject({ status: 'ready', video_url: ready?.video_url });
    expect(video.requests[0]).toMatchObject({ seconds: 5, aspect: '9:16', seed: 42 });
    expect(video.requests[0]?.image.bytes.length).toBeGreaterThan(0);
    expect(video.completed).toEqual(['job-1']);
    const status = await limitsStatus(t, user.token);
    expect(status.resources.videos).toEqual({ limit: 5, used: 1 });
  });

  it('VIP clips are twice as long', async () => {
    const { t, url } = await start();
    const user = await userWithChat(t.app, getDatabase());
    await plus(user.userId, true);
    await withPortrait(t, user.characterId);
    const c = await chatApps.connect(url, user.token, user.chatId);
    c.socket.emit('message', { content: 'Сними видео', current_chat_id: user.chatId });
    await c.waitFor(() => c.count('video_ready') === 1);
    expect(video.requests[0]?.seconds).toBe(10);
  });

  it('a video being made when the server stops is finished by the next start', async () => {
    video.polls = 1_000_000;
    const first = await start();
    const user = await userWithChat(first.t.app, getDatabase());
    await plus(user.userId);
    await withPortrait(first.t, user.characterId);
    const res = await first.t.app.inject({
      method: 'POST',
      url: '/api/messages/',
      headers: bearer(user.token),
      payload: { chat_id: user.chatId, content: 'Сними видео', is_user: true },
    });
    const placeholder = res.json<{ reply: Message }>().reply;
    // Submitted: the provider's job is on the message.
    await expect
      .poll(async () => {
        const [row] = await getDatabase().db.select().from(messages).where(eq(messages.id, placeholder.id));
        return (row?.metadata as { job?: { provider_job?: string } } | undefined)?.job?.provider_job;
      })
      .toBe('job-1');
    await chatApps.close(first.t);

    video.polls = 1;
    const second = await start();
    await second.t.app.herMedia?.resume();
    await expect
      .poll(
        async () => herMedia((await history(second.t.app, user.token, user.chatId))[1] as Message).status,
        {
          timeout: 15_000,
        },
      )
      .toBe('ready');
    // One submission: the second process polled the job the first one started.
    expect(video.requests).toHaveLength(1);
    // Nobody had the chat open: the bell says she sent it.
    const recent = await second.t.app.inject({
      url: '/api/notifications/recent',
      headers: bearer(user.token),
    });
    expect(JSON.stringify(recent.json())).toContain('new_message');
  });
});
