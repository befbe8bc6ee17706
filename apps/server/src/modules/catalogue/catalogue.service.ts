import { createHash } from 'node:crypto';
import {
  type CatalogueItem,
  FIRST_IMAGE_MODEL,
  IMAGE_HEIGHT,
  IMAGE_STEPS,
  IMAGE_WIDTH,
} from '@podruga/shared';
import type { CatalogueCompanionRow, CharacterRow, ChatRow, UserRow } from '../../db/schema/index.ts';
import { errors } from '../../errors.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import type { ImagePort, PortraitTraits } from '../../providers/image/port.ts';
import type { StoragePort } from '../../providers/storage/port.ts';
import { PERSONA_TRAITS, PORTRAIT_TRAITS, traitColumnsOf, traitsOf } from '../characters/character-fields.ts';
import { type CharactersService, chatTitleFor } from '../characters/characters.service.ts';
import { buildPortraitPrompt } from '../characters/portrait-prompt.ts';
import { encodePortrait } from '../media/images.ts';
import type { CatalogueRepository } from './catalogue.repository.ts';
import { CATALOGUE } from './catalogue.seed.ts';

/**
 * Draws one catalogue portrait (payload: the catalogue id, also the job's key). A real image provider
 * takes up to IMAGE_TIMEOUT_MS and fails now and then: five tries, 30 s, 1, 2 and 4 min apart.
 */
export const CATALOGUE_PORTRAIT_JOB = defineJob<{ id: string }>('catalogue-portrait', {
  attempts: 5,
  backoffMs: 30_000,
});

/** The same portrait for the same companion on every install (the offline adapter draws from it). */
const portraitSeed = (id: string) =>
  createHash('sha256').update(`catalogue:${id}`).digest().readUInt32BE(0) & 0x7fffffff;

function presentCatalogueItem(row: CatalogueCompanionRow): CatalogueItem {
  return {
    id: row.id,
    summary: row.summary,
    image: row.image,
    ...traitsOf(row, CATALOGUE_ITEM_TRAITS),
  };
}

const CATALOGUE_ITEM_TRAITS = [
  'name',
  'age',
  'ethnicity',
  'hair_color',
  'body_type',
  'personality',
  'occupation',
  'mood',
] as const;

/**
 * The ready-made companions: seeded at start, their portraits drawn by a job off the request path
 * (the gallery shows a placeholder until then), adopted as the user's own copy.
 */
export class CatalogueService {
  /** Portraits being drawn in this process: the job and an adopt asking for the same one share it. */
  private readonly drawing = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: {
      repo: CatalogueRepository;
      jobs: JobQueue;
      image: ImagePort;
      storage: StoragePort;
      characters: CharactersService;
      log: Logger;
    },
  ) {
    deps.jobs.handle(CATALOGUE_PORTRAIT_JOB, ({ id }) => this.drawPortrait(id));
  }

  /**
   * Inserts or refreshes the rows (portraits already made are kept; clear `image` to redraw) and
   * queues the missing portraits. Safe at every start and from several instances.
   */
  async seed(): Promise<void> {
    const { repo, jobs, log } = this.deps;
    await repo.upsert(CATALOGUE.map((seed, position) => ({ ...seed, position })));
    try {
      for (const id of await repo.withoutPortrait()) await jobs.enqueue(CATALOGUE_PORTRAIT_JOB, { id }, id);
    } catch (error) {
      log.warn({ err: error }, 'catalogue: missing portraits not queued; the next start queues them');
    }
  }

  /** At once, with what exists: a portrait not drawn yet is null. */
  async list(): Promise<CatalogueItem[]> {
    return (await this.deps.repo.list()).map(presentCatalogueItem);
  }

  /**
   * The companions in gallery order with the name of their stored portrait (null until drawn) and
   * the traits it was drawn from: the preview clips are made of them (modules/previews).
   */
  async portraits(): Promise<{ id: string; image: string | null; traits: PortraitTraits }[]> {
    return (await this.deps.repo.list()).map((row) => ({
      id: row.id,
      image: row.image,
      traits: traitsOf(row, PORTRAIT_TRAITS),
    }));
  }

  /**
   * Draws and stores her portrait; nothing to do when she has one, so running it twice is harmless.
   * Throws when the image port fails, so the job is retried.
   */
  drawPortrait(id: string): Promise<void> {
    let run = this.drawing.get(id);
    if (!run) {
      run = this.draw(id).finally(() => this.drawing.delete(id));
      this.drawing.set(id, run);
    }
    return run;
  }

  private async draw(id: string): Promise<void> {
    const { repo, image, storage } = this.deps;
    const row = await repo.find(id);
    if (!row || row.image !== null) return;
    const traits: PortraitTraits = traitsOf(row, PORTRAIT_TRAITS);
    const { prompt, negativePrompt } = buildPortraitPrompt(traits);
    const result = await image.generate({
      prompt,
      negativePrompt,
      model: FIRST_IMAGE_MODEL,
      width: IMAGE_WIDTH,
      height: IMAGE_HEIGHT,
      steps: IMAGE_STEPS,
      seed: portraitSeed(row.id),
      safeMode: false,
      hideWatermark: true,
      traits,
    });
    const png = result.images[0];
    if (!png) throw new Error('catalogue portrait: the image port returned no image');
    const encoded = await encodePortrait(png);
    await storage.put(encoded.image.name, encoded.image.bytes, encoded.image.contentType);
    await storage.put(encoded.avatar.name, encoded.avatar.bytes, encoded.avatar.contentType);
    await repo.setPortrait(row.id, encoded.image.name, encoded.avatar.name);
  }

  /**
   * The user's own copy (traits and portrait) plus a chat with her; counts against the companion
   * limit. Chosen before her portrait job ran, she is drawn now (her copy needs the picture); if that
   * fails she is copied without one, as before.
   */
  async adopt(user: UserRow, id: string): Promise<{ character: CharacterRow; chat: ChatRow }> {
    const { repo, characters, log } = this.deps;
    let row = await repo.find(id);
    if (!row) throw errors.notFound();
    if (row.image === null) {
      try {
        await this.drawPortrait(id);
        row = (await repo.find(id)) ?? row;
      } catch (error) {
        log.warn({ err: error, catalogueId: id }, 'catalogue portrait failed');
      }
    }
    const { character, chat } = await characters.insert(
      user,
      {
        ...traitColumnsOf(row, PERSONA_TRAITS),
        imgGenModel: FIRST_IMAGE_MODEL,
        image: row.image,
        avatar: row.avatar,
        summary: row.summary,
        catalogueId: row.id,
      },
      chatTitleFor(row.name),
    );
    if (!chat) throw new Error('adopt: no chat created');
    return { character, chat };
  }
}
