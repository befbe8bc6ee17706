import { randomUUID } from 'node:crypto';
import {
  FIRST_IMAGE_MODEL,
  HER_MEDIA_TEXTS,
  type HerMediaKind,
  IMAGE_HEIGHT,
  IMAGE_STEPS,
  IMAGE_WIDTH,
  type LimitTier,
  type Message,
  mediaUrl,
  VIDEO_CLIP_SECONDS,
  type VideoReadyPayload,
} from '@podruga/shared';
import type { Clock } from '../../../clock.ts';
import type { CharacterRow, MessageRow, UserRow } from '../../../db/schema/index.ts';
import { AppError, errors } from '../../../errors.ts';
import { defineJob, type JobQueue } from '../../../jobs/queue.ts';
import type { Logger } from '../../../logger.ts';
import type { ImagePort, PortraitTraits } from '../../../providers/image/port.ts';
import { IMAGE_ERROR_MESSAGES, ImageProviderError } from '../../../providers/image/port.ts';
import type { IntentPort, MediaIntent } from '../../../providers/intent/port.ts';
import type { StoragePort } from '../../../providers/storage/port.ts';
import type { VideoPort } from '../../../providers/video/port.ts';
import { VIDEO_ERROR_MESSAGES, VideoProviderError } from '../../../providers/video/port.ts';
import { isUuid } from '../../../validation.ts';
import { PORTRAIT_TRAITS, traitsOf } from '../../characters/character-fields.ts';
import type { ConsumeResult, LimitsService } from '../../limits/limits.service.ts';
import { encodeUpload } from '../../media/images.ts';
import type { ReplyAway } from '../../notifications/notifications.service.ts';
import { SAFETY_TEXTS, type SafetyRefusal, type SafetyService } from '../../safety/safety.service.ts';
import { presentMessage } from '../messages.presenter.ts';
import type { ReadyReply } from '../messages.repository.ts';
import type { HerMediaRepository, HerMediaRow, StoredHerMedia } from './her-media.repository.ts';
import {
  HER_MEDIA_LINES,
  HER_MEDIA_READY_LINES,
  HER_MEDIA_SERVER_TEXTS,
  pickLine,
} from './her-media.texts.ts';

/**
 * Makes one photo or video of her (payload: the message and its attempt). Provider hiccups (busy, rate
 * limited, unreachable) are tried again 4 times, 15 s, 30 s, 1 min apart; then the message says it
 * failed and the allowance is given back. A video's polls are jobs of their own, so a restart loses
 * nothing: the provider's job id is on the message.
 */
export const HER_MEDIA_JOB = defineJob<{ messageId: string; attempt: string }>('her-media', {
  attempts: 4,
  backoffMs: 15_000,
  concurrency: 2,
});

/** A video not done this long after it was asked for is given up (the provider's queue is stuck). */
const VIDEO_GIVE_UP_MS = 30 * 60_000;
/** About how long a photo takes: the offline drawing, or a real model. */
const PHOTO_EXPECTED_MS = { offline: 2_000, real: 20_000 };

/** Her prompts (modules/her-media/photo-prompt.ts): her fixed traits plus the scene. */
export interface HerMediaPrompts {
  photo(traits: PortraitTraits, scene: string): { prompt: string; negativePrompt: string };
  video(traits: PortraitTraits, scene: string): { prompt: string; negativePrompt: string };
  /** The same seed for every photo of one companion. */
  seed(characterId: string): number;
  /** A scene that would make her younger ('школьница', 'little girl', an age under 18): refused. */
  refusal(scene: string): 'minor' | null;
}

/** The socket side (realtime/socket.ts), bound once the socket server exists. */
export interface HerMediaLive {
  /** The message as it is now, to the chat's room. */
  message(chatId: string, message: Message): void;
  /** 000 §4's `video_ready`, to the chat's room. */
  videoReady(payload: VideoReadyPayload): void;
  /** Whether a socket of the user has the chat open (on any instance when the rooms are on Redis). */
  watching(chatId: string): Promise<boolean>;
}

/** Her media is ready while nobody has the chat open: the bell and a push (the notifications service). */
export type ReadyWhileAway = (reply: ReplyAway) => Promise<unknown>;

export interface HerMediaDeps {
  repo: HerMediaRepository;
  limits: Pick<LimitsService, 'tier' | 'release' | 'consumePhoto' | 'consumeVideo'>;
  jobs: JobQueue;
  image: ImagePort;
  video: VideoPort;
  storage: StoragePort;
  safety: Pick<SafetyService, 'check' | 'refused'>;
  intent: IntentPort;
  prompts: HerMediaPrompts;
  clock: Clock;
  log: Logger;
  /** The separate media host, if any: a video's `metadata.video_url` is a full URL on it. */
  mediaBaseUrl?: string | undefined;
  live?: () => HerMediaLive | undefined;
  /** A photo or video that takes a while is often ready after the user left the chat: tell them. */
  readyWhileAway?: ReadyWhileAway | undefined;
}

const ALLOWANCE: Record<HerMediaKind, 'photos' | 'videos'> = { photo: 'photos', video: 'videos' };

/** A provider's trouble worth another try; anything else fails the request at once. */
function retryable(error: unknown): boolean {
  if (error instanceof ImageProviderError || error instanceof VideoProviderError) {
    return error.kind === 'unavailable' || error.kind === 'rate_limited';
  }
  // The moderation service is down while an image prompt must be checked (fail-closed): later.
  if (error instanceof AppError) return error.statusCode >= 500;
  return true;
}

/** The user's Russian text for a failure; the provider's own words never reach it. */
function failureText(kind: HerMediaKind, error: unknown): string {
  if (error instanceof ImageProviderError) return IMAGE_ERROR_MESSAGES[error.kind];
  if (error instanceof VideoProviderError) return VIDEO_ERROR_MESSAGES[error.kind];
  if (error instanceof AppError && error.statusCode < 500) return error.detail;
  return HER_MEDIA_SERVER_TEXTS.failed[kind];
}

/** Her traits as the prompts read them; a trait never chosen is empty. */
function traitsOfCharacter(character: CharacterRow): PortraitTraits {
  const traits = traitsOf(character, PORTRAIT_TRAITS);
  return {
    age: traits.age,
    ethnicity: traits.ethnicity ?? '',
    hair_color: traits.hair_color ?? '',
    hairstyle: traits.hairstyle ?? '',
    skin_shade: traits.skin_shade ?? '',
    body_type: traits.body_type ?? '',
    breast_size: traits.breast_size ?? '',
    butt: traits.butt ?? '',
    occupation: traits.occupation ?? undefined,
  };
}

/**
 * Photos and videos of her on request (issue 14): recognising a request (the intent port), the
 * placeholder she answers with, the job that makes the media through the image or video port, the
 * message updated and the chat told, a failure said in Russian with the allowance given back, a retry.
 * The send pipeline stores the request and the placeholder (send/media.ts); this makes the media.
 */
export class HerMediaService {
  constructor(private readonly deps: HerMediaDeps) {
    deps.jobs.handle(HER_MEDIA_JOB, (payload, context) => this.run(payload, context.attempt));
  }

  /** Whether `text` asks her for a photo or video; a failing intent service is no request. */
  async detect(
    text: string,
    recent: readonly { isUser: boolean; content: string }[] = [],
  ): Promise<MediaIntent | null> {
    try {
      return await this.deps.intent.detect(text, recent);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'her media: the intent service failed; answered as a message');
      return null;
    }
  }

  /**
   * The scene's own refusal (photo-prompt.ts `sceneRefusal`), recorded like any safety refusal: the
   * request is then answered as an unsafe message, before anything is counted.
   */
  async sceneRefusal(userId: string, intent: MediaIntent): Promise<SafetyRefusal | null> {
    const reason = this.deps.prompts.refusal(intent.scene);
    if (!reason) return null;
    const refusal: SafetyRefusal = { ok: false, reason, detail: SAFETY_TEXTS.reasons[reason] };
    return this.deps.safety.refused(userId, 'image_prompt', refusal, 'rules');
  }

  /** Takes one photo or video from today's allowance. */
  consume(user: UserRow, kind: HerMediaKind): Promise<ConsumeResult> {
    return kind === 'photo' ? this.deps.limits.consumePhoto(user) : this.deps.limits.consumeVideo(user);
  }

  /** Gives back what a request that made nothing took. */
  release(userId: string, kind: HerMediaKind, day: string): Promise<void> {
    return this.deps.limits.release(userId, day, ALLOWANCE[kind]);
  }

  /** Her reply while it is made: her line, and the pending metadata the job reads. */
  placeholder(intent: MediaIntent, request: string, tier: LimitTier, day: string, n: number): ReadyReply {
    return {
      content: pickLine(HER_MEDIA_LINES[intent.kind], n),
      messageType: intent.kind === 'photo' ? 'image' : 'video',
      metadata: this.pending(intent.kind, request, intent.scene, tier, day) as unknown as Record<
        string,
        unknown
      >,
    };
  }

  /** Queues the job of a stored placeholder. A queue that fails now is caught up at the next start. */
  async start(row: MessageRow): Promise<void> {
    const meta = row.metadata as unknown as StoredHerMedia;
    try {
      await this.deps.jobs.enqueue(
        HER_MEDIA_JOB,
        { messageId: row.id, attempt: meta.job.attempt },
        `${row.id}.${meta.job.attempt}`,
      );
    } catch (error) {
      this.deps.log.error(
        { err: error, messageId: row.id },
        'her media: job not queued; the next start queues it',
      );
    }
  }

  /**
   * POST /api/messages/{id}/retry-media: her failed photo or video asked for again, from today's
   * allowance. Another user's or no such message → 404; not failed → 409; no allowance → 429.
   */
  async retry(user: UserRow, messageId: string): Promise<MessageRow> {
    const found = isUuid(messageId) ? await this.deps.repo.find(messageId) : undefined;
    if (!found || found.message.userId !== user.id) throw errors.notFound();
    const meta = found.message.metadata;
    if (meta.status !== 'failed') throw errors.conflict(HER_MEDIA_SERVER_TEXTS.notFailed);
    const allowance = await this.consume(user, meta.media);
    if (!allowance.ok) throw mediaLimitError(meta.media, allowance);
    const next = this.pending(meta.media, meta.request, meta.job.scene, allowance.tier, allowance.day);
    const row = await this.deps.repo.restart(found.message.id, next);
    if (!row) {
      await this.release(user.id, meta.media, allowance.day);
      throw errors.conflict(HER_MEDIA_SERVER_TEXTS.notFailed);
    }
    await this.start(row);
    this.tell(row);
    return row;
  }

  /** At start: the pending photos and videos whose jobs a stopped process took with it. */
  async resume(): Promise<void> {
    const { repo, jobs, log } = this.deps;
    try {
      for (const { id, attempt } of await repo.pending()) {
        await jobs.enqueue(HER_MEDIA_JOB, { messageId: id, attempt }, `${id}.${attempt}`);
      }
    } catch (error) {
      log.warn({ err: error }, 'her media: pending media not queued; the next start queues them');
    }
  }

  private pending(
    kind: HerMediaKind,
    request: string,
    scene: string,
    tier: LimitTier,
    day: string,
  ): StoredHerMedia {
    const seconds = kind === 'video' ? VIDEO_CLIP_SECONDS[tier === 'vip' ? 'vip' : 'plus'] : undefined;
    const { image, video, clock } = this.deps;
    const expected =
      seconds !== undefined
        ? video.expectedMs(seconds)
        : image.offline
          ? PHOTO_EXPECTED_MS.offline
          : PHOTO_EXPECTED_MS.real;
    return {
      media: kind,
      status: 'pending',
      request,
      started_at: clock.now().toISOString(),
      expected_ms: expected,
      job: { attempt: randomUUID(), day, scene, ...(seconds !== undefined ? { seconds } : {}) },
    };
  }

  /** The job: does nothing unless the message is still pending under this attempt. */
  private async run(payload: { messageId: string; attempt: string }, tryNo: number): Promise<void> {
    const found = await this.deps.repo.find(payload.messageId);
    if (!found) return;
    const meta = found.message.metadata;
    if (meta.status !== 'pending' || meta.job.attempt !== payload.attempt) return;
    try {
      if (meta.media === 'photo') await this.photo(found);
      else await this.video(found);
    } catch (error) {
      if (retryable(error) && tryNo < HER_MEDIA_JOB.attempts) {
        this.deps.log.warn(
          { err: error, messageId: payload.messageId, try: tryNo },
          'her media: will try again',
        );
        throw error;
      }
      this.deps.log.warn({ err: error, messageId: payload.messageId }, 'her media: failed');
      await this.fail(found, failureText(meta.media, error));
    }
  }

  private async photo({ message, character }: HerMediaRow): Promise<void> {
    const { image, storage, prompts } = this.deps;
    const meta = message.metadata;
    if (!character) return this.fail({ message }, HER_MEDIA_SERVER_TEXTS.failed.photo);
    const traits = traitsOfCharacter(character);
    const { prompt, negativePrompt } = prompts.photo(traits, meta.job.scene);
    const refusal = await this.refusal(message.userId, prompt);
    if (refusal) return this.fail({ message }, refusal);
    const reference = await this.portrait(character);
    const result = await image.generate({
      prompt,
      negativePrompt,
      model: character.imgGenModel ?? FIRST_IMAGE_MODEL,
      width: IMAGE_WIDTH,
      height: IMAGE_HEIGHT,
      steps: IMAGE_STEPS,
      seed: prompts.seed(character.id),
      safeMode: false,
      hideWatermark: true,
      traits,
      scene: meta.job.scene || meta.request,
      ...(reference ? { reference: { image: reference.bytes, contentType: reference.contentType } } : {}),
    });
    const png = result.images[0];
    if (!png) throw new ImageProviderError('bad_response');
    const encoded = await encodeUpload(png, 'image');
    await storage.put(encoded.name, encoded.bytes, encoded.contentType);
    const ready: StoredHerMedia = { ...meta, status: 'ready', ...(image.offline ? { demo: true } : {}) };
    const row = await this.deps.repo.update(message.id, meta.job.attempt, {
      metadata: ready,
      content: pickLine(HER_MEDIA_READY_LINES.photo, encoded.bytes.length),
      imagePath: encoded.name,
    });
    if (row) await this.ready(row, character);
  }

  private async video(found: HerMediaRow): Promise<void> {
    const { video, clock } = this.deps;
    const { message, character } = found;
    const meta = message.metadata;
    if (!character) return this.fail(found, HER_MEDIA_SERVER_TEXTS.failed.video);
    if (clock.now().getTime() - Date.parse(meta.started_at) > VIDEO_GIVE_UP_MS) {
      return this.fail(found, HER_MEDIA_SERVER_TEXTS.timedOut.video);
    }
    const jobId = meta.job.provider_job;
    if (!jobId) return this.submitVideo(found, character);
    let state = await video.poll(jobId);
    // The offline renderer keeps its clip in this process's memory: with several instances, a poll in
    // a job of its own could run on another and find nothing, so it is polled here, in this job.
    while (state.state === 'processing' && video.offline) {
      if (clock.now().getTime() - Date.parse(meta.started_at) > VIDEO_GIVE_UP_MS) {
        return this.fail(found, HER_MEDIA_SERVER_TEXTS.timedOut.video);
      }
      await new Promise((resolve) => setTimeout(resolve, video.pollIntervalMs));
      state = await video.poll(jobId);
    }
    if (state.state === 'processing')
      return this.pollLater(found, { ...meta.job, polls: (meta.job.polls ?? 0) + 1 });
    if (state.state === 'lost') {
      const { provider_job: _lost, ...job } = meta.job;
      return this.pollLater(found, { ...job, polls: (meta.job.polls ?? 0) + 1 });
    }
    const name = `her_${randomUUID()}.mp4`;
    await this.deps.storage.put(`vids/${name}`, state.video, state.contentType);
    const videoUrl = mediaUrl(name, this.deps.mediaBaseUrl ?? '') ?? `/vids/${name}`;
    const ready: StoredHerMedia = {
      ...meta,
      status: 'ready',
      video_url: videoUrl,
      ...(video.offline ? { demo: true } : {}),
    };
    const row = await this.deps.repo.update(message.id, meta.job.attempt, {
      metadata: ready,
      videoPath: name,
    });
    video
      .complete(jobId)
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'her media: video not released'));
    if (!row) return;
    this.deps.live?.()?.videoReady({ chat_id: row.chatId, message_id: row.id, video_url: videoUrl });
    await this.ready(row, character);
  }

  private async submitVideo(found: HerMediaRow, character: CharacterRow): Promise<void> {
    const { video, prompts } = this.deps;
    const meta = found.message.metadata;
    const portrait = await this.portrait(character);
    if (!portrait) return this.fail(found, HER_MEDIA_SERVER_TEXTS.noPortrait);
    const { prompt, negativePrompt } = prompts.video(traitsOfCharacter(character), meta.job.scene);
    const refusal = await this.refusal(found.message.userId, prompt);
    if (refusal) return this.fail(found, refusal);
    const { jobId } = await video.submit({
      prompt,
      negativePrompt,
      seconds: meta.job.seconds ?? VIDEO_CLIP_SECONDS.plus,
      image: portrait,
      seed: prompts.seed(character.id),
      aspect: '9:16',
    });
    const job = { ...meta.job, provider_job: jobId, polls: 0 };
    if (!video.offline) return this.pollLater(found, job);
    // Offline: polled in this job, on this instance, where the clip is being made.
    const row = await this.deps.repo.update(found.message.id, meta.job.attempt, {
      metadata: { ...meta, job },
    });
    if (row) await this.video({ ...found, message: { ...found.message, metadata: { ...meta, job } } });
  }

  /** Keeps the provider's job on the message, then asks again after the port's interval. */
  private async pollLater(found: HerMediaRow, job: StoredHerMedia['job']): Promise<void> {
    const { message } = found;
    const meta = message.metadata;
    const row = await this.deps.repo.update(message.id, meta.job.attempt, { metadata: { ...meta, job } });
    if (!row) return;
    await this.deps.jobs.enqueue(
      HER_MEDIA_JOB,
      { messageId: message.id, attempt: job.attempt },
      `${message.id}.${job.attempt}.p${job.polls ?? 0}`,
      { delayMs: this.deps.video.pollIntervalMs },
    );
  }

  /** The composed prompt through the safety checks (fail-closed: a generated image cannot be taken back). */
  private async refusal(userId: string, prompt: string): Promise<string | null> {
    const verdict = await this.deps.safety.check(userId, { text: prompt, entry: 'image_prompt' });
    return verdict.ok ? null : verdict.detail;
  }

  /** Her portrait's bytes: the reference that keeps her face, and a video's first frame. */
  private async portrait(character: CharacterRow): Promise<{ bytes: Buffer; contentType: string } | null> {
    if (!character.image) return null;
    const object = await this.deps.storage.get(character.image);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
    return { bytes: Buffer.concat(chunks), contentType: object.contentType };
  }

  /** Marks it failed with `text` and gives the allowance back (once: only a pending row changes). */
  private async fail({ message }: Pick<HerMediaRow, 'message'>, text: string): Promise<void> {
    const meta = message.metadata;
    const row = await this.deps.repo.update(message.id, meta.job.attempt, {
      metadata: { ...meta, status: 'failed', error: text },
    });
    if (!row) return;
    await this.release(message.userId, meta.media, meta.job.day);
    this.tell(row);
  }

  /** The chat hears it; when nobody has it open, the bell and a push say she sent it. */
  private async ready(row: MessageRow, character: CharacterRow): Promise<void> {
    this.tell(row);
    const { live, readyWhileAway, log } = this.deps;
    if (!readyWhileAway) return;
    try {
      if (await live?.()?.watching(row.chatId)) return;
      await readyWhileAway({
        userId: row.userId,
        chatId: row.chatId,
        characterId: character.id,
        characterName: character.name,
        text: row.content,
      });
    } catch (error) {
      log.warn({ err: error, messageId: row.id }, 'her media: the away notification failed');
    }
  }

  private tell(row: MessageRow): void {
    this.deps.live?.()?.message(row.chatId, presentMessage(row));
  }
}

/** A photo or video refused by the day's allowance, as an HTTP error (the retry route). */
export function mediaLimitError(
  kind: HerMediaKind,
  refusal: Extract<ConsumeResult, { ok: false }>,
): AppError {
  return new AppError(429, 'rate_limited', mediaLimitText(kind, refusal.reset), {
    limit_type: ALLOWANCE[kind],
    user_type: refusal.tier,
    reset_hours: refusal.reset.hours,
    reset_minutes: refusal.reset.minutes,
  });
}

/** The card's and the error's text for a photo or video refused by the day's allowance. */
export function mediaLimitText(kind: HerMediaKind, reset: { hours: number; minutes: number }): string {
  return kind === 'photo' ? HER_MEDIA_TEXTS.photoLimit(reset) : HER_MEDIA_TEXTS.videoLimit(reset);
}
