import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CatalogueCompanionRow, catalogueCompanions } from '../../db/schema/index.ts';

/** A catalogue row as the seed writes it: everything but the portrait and the timestamps. */
export type CatalogueSeedRow = Omit<
  typeof catalogueCompanions.$inferInsert,
  'image' | 'avatar' | 'createdAt' | 'updatedAt'
>;

/** The catalogue's table, and only it: Drizzle only, no rules. */
export class CatalogueRepository {
  constructor(private readonly db: Db) {}

  /** Inserts or refreshes every row; a portrait already made is kept. Safe from several instances. */
  async upsert(rows: CatalogueSeedRow[]): Promise<void> {
    await this.db
      .insert(catalogueCompanions)
      .values(rows)
      .onConflictDoUpdate({
        target: catalogueCompanions.id,
        set: {
          position: sql`excluded.position`,
          name: sql`excluded.name`,
          age: sql`excluded.age`,
          summary: sql`excluded.summary`,
          ethnicity: sql`excluded.ethnicity`,
          hairColor: sql`excluded.hair_color`,
          bodyType: sql`excluded.body_type`,
          breastSize: sql`excluded.breast_size`,
          butt: sql`excluded.butt`,
          skinShade: sql`excluded.skin_shade`,
          hairstyle: sql`excluded.hairstyle`,
          personality: sql`excluded.personality`,
          occupation: sql`excluded.occupation`,
          habit: sql`excluded.habit`,
          languageStyle: sql`excluded.language_style`,
          communicationStyle: sql`excluded.communication_style`,
          sexuality: sql`excluded.sexuality`,
          mood: sql`excluded.mood`,
          temperament: sql`excluded.temperament`,
        },
      });
  }

  list(): Promise<CatalogueCompanionRow[]> {
    return this.db.select().from(catalogueCompanions).orderBy(asc(catalogueCompanions.position));
  }

  async find(id: string): Promise<CatalogueCompanionRow | undefined> {
    const [row] = await this.db.select().from(catalogueCompanions).where(eq(catalogueCompanions.id, id));
    return row;
  }

  /** Ids of the companions whose portrait is not drawn yet, in gallery order. */
  async withoutPortrait(): Promise<string[]> {
    const rows = await this.db
      .select({ id: catalogueCompanions.id })
      .from(catalogueCompanions)
      .where(isNull(catalogueCompanions.image))
      .orderBy(asc(catalogueCompanions.position));
    return rows.map((r) => r.id);
  }

  /** Stores a drawn portrait unless one was stored meanwhile (another instance drew her first). */
  async setPortrait(id: string, image: string, avatar: string): Promise<void> {
    await this.db
      .update(catalogueCompanions)
      .set({ image, avatar })
      .where(and(eq(catalogueCompanions.id, id), isNull(catalogueCompanions.image)));
  }
}
