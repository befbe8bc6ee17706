import { createHash } from 'node:crypto';
import { PREVIEW_CLIPS, type PreviewClip, VIDEO_CLIP_SECONDS } from '@podruga/shared';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import { readStored, type StoragePort } from '../../providers/storage/port.ts';
import type { VideoPort, VideoRequest } from '../../providers/video/port.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { buildPortraitPrompt } from '../characters/portrait-prompt.ts';

/**
 * Makes one preview clip (payload: its id, 1–20; the key `preview-<id>`). Her portrait may not be drawn
 * yet and a real video provider is slow and fails now and then: six tries, 30 s, 1, 2, 4 and 8 min apart.
 */
export const PREVIEW_CLIP_JOB = defineJob<{ id: number }>('preview-clip', { attempts: 6, backoffMs: 30_000 });

/** What each clip shows, in turn: short, tasteful, the kind of thing a user asks her for. */
export const PREVIEW_SCENES = [
  'she smiles warmly at the camera',
  'she slowly turns her head and looks into the camera',
  'she waves hello at the camera and smiles',
  'she laughs softly and tucks her hair behind her ear',
  'she blows a kiss to the camera',
  'she winks playfully and smiles',
  'she sips coffee in a cosy cafe and smiles at the camera',
  'she walks along a beach at sunset, the wind in her hair',
  'she dances gently to music in her room',
  'she fixes her hair in front of a mirror and glances at the camera',
] as const;

/** The storage key of a clip: its URL without the slash (`/vids/001.mp4` → `vids/001.mp4`). */
export function previewClipKey(id: number): string {
  const clip = PREVIEW_CLIPS.find((c) => c.id === id);
  if (!clip) throw new Error(`previews: no clip ${id}`);
  return clip.src.slice(1);
}

/** A clip's motion and generation seed: fixed per clip, so a remade clip moves the same way. */
const clipSeed = (id: number) =>
  createHash('sha256').update(`preview-clip:${id}`).digest().readUInt32BE(0) & 0x7fffffff;

export interface PreviewsServiceDeps {
  jobs: JobQueue;
  video: VideoPort;
  storage: StoragePort;
  catalogue: Pick<CatalogueService, 'portraits' | 'drawPortrait'>;
  log: Logger;
  /** Which clips to make (tests make a few). */
  clips?: readonly PreviewClip[] | undefined;
  /** Clip length: Plus's, what the dialog sells. */
  seconds?: number | undefined;
  /** Waits between polls (tests pass one that does not wait). */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** A job submitted to the video port that no longer answers: give up this try, the job retries. */
export class PreviewClipTimeout extends Error {
  override name = 'PreviewClipTimeout';
}

/**
 * The video preview dialog's 20 clips (001 §3, §4): made by the video port from the ready-made
 * companions' portraits at first start, kept in storage, never committed. Clip n shows companion
 * (n − 1) mod count in scene (n − 1) mod scenes.
 */
export class PreviewsService {
  private readonly clips: readonly PreviewClip[];
  private readonly seconds: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: PreviewsServiceDeps) {
    this.clips = deps.clips ?? PREVIEW_CLIPS;
    this.seconds = deps.seconds ?? VIDEO_CLIP_SECONDS.plus;
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    deps.jobs.handle(PREVIEW_CLIP_JOB, ({ id }) => this.makeClip(id));
  }

  /**
   * Queues the clips not in storage yet (the first `count` of them). Safe at every start and from
   * several instances.
   */
  async seed(count = this.clips.length): Promise<void> {
    const { jobs, log } = this.deps;
    try {
      for (const clip of this.clips.slice(0, count)) {
        if (await this.exists(previewClipKey(clip.id))) continue;
        await jobs.enqueue(PREVIEW_CLIP_JOB, { id: clip.id }, `preview-${clip.id}`);
      }
    } catch (error) {
      log.warn({ err: error }, 'previews: missing clips not queued; the next start queues them');
    }
  }

  /**
   * Makes and stores one clip; nothing to do when it exists. Throws when her portrait is not drawn yet
   * or the video port fails or takes too long, so the job is retried.
   */
  async makeClip(id: number): Promise<void> {
    const { storage, video, log } = this.deps;
    const key = previewClipKey(id);
    if (await this.exists(key)) return;
    const request = await this.requestFor(id);
    const bytes = await this.render(request);
    await storage.put(key, bytes, 'video/mp4');
    log.info({ clip: id, adapter: video.adapter, bytes: bytes.length }, 'previews: clip stored');
  }

  /** The clip's request: her portrait as the first frame, a scene and her traits as the prompt. */
  private async requestFor(id: number): Promise<VideoRequest> {
    const { catalogue } = this.deps;
    let companions = await catalogue.portraits();
    if (companions.length === 0) throw new Error('previews: the catalogue is empty (not seeded yet)');
    const index = (id - 1) % companions.length;
    let her = companions[index] as (typeof companions)[number];
    if (!her.image) {
      // At a first start her portrait job may not have run yet: drawn now (shared with that job).
      await catalogue.drawPortrait(her.id);
      companions = await catalogue.portraits();
      her = companions[index] as (typeof companions)[number];
    }
    if (!her.image) throw new Error(`previews: the portrait of ${her.id} is not drawn yet`);
    const stored = await this.deps.storage.get(her.image);
    if (!stored) throw new Error(`previews: the portrait of ${her.id} is missing from storage`);
    const image = await readStored(stored.body);
    const scene = PREVIEW_SCENES[(id - 1) % PREVIEW_SCENES.length] as string;
    const { prompt, negativePrompt } = buildPortraitPrompt(her.traits);
    return {
      prompt: `short video, ${scene}; ${prompt}`,
      negativePrompt,
      seconds: this.seconds,
      image: { bytes: image, contentType: stored.contentType },
      seed: clipSeed(id),
      aspect: '9:16',
    };
  }

  /**
   * Submits and polls until done. A job the provider lost is submitted again (twice at most); polling
   * stops after four times the port's own estimate (at least two minutes), and the job's next try
   * starts over.
   */
  private async render(request: VideoRequest): Promise<Buffer> {
    const { video } = this.deps;
    const budgetMs = Math.max(video.expectedMs(request.seconds) * 4, 120_000);
    const maxPolls = Math.ceil(budgetMs / video.pollIntervalMs);
    let resubmits = 2;
    let { jobId } = await video.submit(request);
    for (let polls = 0; polls < maxPolls; polls++) {
      await this.sleep(video.pollIntervalMs);
      const answer = await video.poll(jobId);
      if (answer.state === 'done') {
        await video.complete(jobId);
        return answer.video;
      }
      if (answer.state === 'lost') {
        if (resubmits-- === 0) throw new Error('previews: the video job was lost three times');
        ({ jobId } = await video.submit(request));
      }
    }
    throw new PreviewClipTimeout(`previews: no clip after ${maxPolls} polls`);
  }

  private async exists(key: string): Promise<boolean> {
    const object = await this.deps.storage.get(key);
    object?.body.destroy();
    return object !== null;
  }
}
