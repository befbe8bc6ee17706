import {
  type CatalogueItem,
  FIRST_IMAGE_MODEL,
  IMAGE_HEIGHT,
  IMAGE_STEPS,
  IMAGE_WIDTH,
} from '@podruga/shared';
import { asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type CatalogueCompanionRow,
  type CharacterRow,
  type ChatRow,
  catalogueCompanions,
  type UserRow,
} from '../../db/schema/index.ts';
import { errors } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { seedFrom } from '../../providers/image/offline.ts';
import type { ImagePort, PortraitTraits } from '../../providers/image/port.ts';
import type { StoragePort } from '../../providers/storage/port.ts';
import { type CharactersService, chatTitleFor } from '../characters/characters.service.ts';
import { buildPortraitPrompt } from '../characters/portrait-prompt.ts';
import { encodePortrait } from '../media/images.ts';
import { seedCatalogue } from './catalogue.seed.ts';

function traitsOf(row: CatalogueCompanionRow): PortraitTraits {
  return {
    age: row.age,
    ethnicity: row.ethnicity,
    hair_color: row.hairColor,
    hairstyle: row.hairstyle,
    skin_shade: row.skinShade,
    body_type: row.bodyType,
    breast_size: row.breastSize,
    butt: row.butt,
    occupation: row.occupation,
  };
}

export function presentCatalogueItem(row: CatalogueCompanionRow): CatalogueItem {
  return {
    id: row.id,
    name: row.name,
    age: row.age,
    summary: row.summary,
    image: row.image,
    ethnicity: row.ethnicity,
    hair_color: row.hairColor,
    body_type: row.bodyType,
    personality: row.personality,
    occupation: row.occupation,
    mood: row.mood,
  };
}

/**
 * The ready-made companions: seeded at start, portraits drawn by the image port the first time they
 * are needed (one run at a time), adopted as the user's own copy.
 */
export class CatalogueService {
  private filling: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      db: Db;
      image: ImagePort;
      storage: StoragePort;
      characters: CharactersService;
      log: Logger;
    },
  ) {}

  seed(): Promise<void> {
    return seedCatalogue(this.deps.db);
  }

  /** Makes the missing portraits; concurrent callers share one run. A failure leaves `image` null. */
  fillPortraits(): Promise<void> {
    this.filling ??= this.runFill().finally(() => {
      this.filling = undefined;
    });
    return this.filling;
  }

  private async runFill(): Promise<void> {
    const { db, image, storage, log } = this.deps;
    const missing = await db.select().from(catalogueCompanions).where(isNull(catalogueCompanions.image));
    for (const row of missing) {
      try {
        const traits = traitsOf(row);
        const { prompt, negativePrompt } = buildPortraitPrompt(traits);
        const result = await image.generate({
          prompt,
          negativePrompt,
          model: FIRST_IMAGE_MODEL,
          width: IMAGE_WIDTH,
          height: IMAGE_HEIGHT,
          steps: IMAGE_STEPS,
          seed: seedFrom(`catalogue:${row.id}`),
          safeMode: false,
          hideWatermark: true,
          traits,
        });
        const png = result.images[0];
        if (!png) continue;
        const encoded = await encodePortrait(png);
        await storage.put(encoded.image.name, encoded.image.bytes, encoded.image.contentType);
        await storage.put(encoded.avatar.name, encoded.avatar.bytes, encoded.avatar.contentType);
        await db
          .update(catalogueCompanions)
          .set({ image: encoded.image.name, avatar: encoded.avatar.name })
          .where(eq(catalogueCompanions.id, row.id));
      } catch (error) {
        log.warn({ err: error, catalogueId: row.id }, 'catalogue portrait failed');
      }
    }
  }

  async list(): Promise<CatalogueItem[]> {
    const { db } = this.deps;
    let rows = await db.select().from(catalogueCompanions).orderBy(asc(catalogueCompanions.position));
    if (rows.some((r) => r.image === null)) {
      await this.fillPortraits();
      rows = await db.select().from(catalogueCompanions).orderBy(asc(catalogueCompanions.position));
    }
    return rows.map(presentCatalogueItem);
  }

  /** The user's own copy (traits and portrait) plus a chat with her; counts against the companion limit. */
  async adopt(user: UserRow, id: string): Promise<{ character: CharacterRow; chat: ChatRow }> {
    const { db, characters } = this.deps;
    let [row] = await db.select().from(catalogueCompanions).where(eq(catalogueCompanions.id, id));
    if (!row) throw errors.notFound();
    if (row.image === null) {
      await this.fillPortraits();
      [row] = await db.select().from(catalogueCompanions).where(eq(catalogueCompanions.id, id));
      if (!row) throw errors.notFound();
    }
    const { character, chat } = await characters.insert(
      user,
      {
        name: row.name,
        age: row.age,
        ethnicity: row.ethnicity,
        hairColor: row.hairColor,
        bodyType: row.bodyType,
        breastSize: row.breastSize,
        butt: row.butt,
        skinShade: row.skinShade,
        hairstyle: row.hairstyle,
        personality: row.personality,
        occupation: row.occupation,
        habit: row.habit,
        languageStyle: row.languageStyle,
        communicationStyle: row.communicationStyle,
        sexuality: row.sexuality,
        mood: row.mood,
        temperament: row.temperament,
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
