import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** A companion (001 §3). The client may supply the id (it generates one before saving). */
export const characters = pgTable(
  'characters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    age: integer('age').notNull(),
    ethnicity: text('ethnicity'),
    hairColor: text('hair_color'),
    bodyType: text('body_type'),
    breastSize: text('breast_size'),
    butt: text('butt'),
    personality: text('personality'),
    occupation: text('occupation'),
    habit: text('habit'),
    languageStyle: text('language_style'),
    /** 0–100: share of voice versus text. */
    communicationStyle: integer('communication_style').notNull().default(50),
    /** 0–100. */
    sexuality: integer('sexuality').notNull().default(70),
    mood: text('mood').notNull().default('happy'),
    temperament: text('temperament'),
    skinShade: text('skin_shade'),
    hairstyle: text('hairstyle'),
    imgGenModel: text('img_gen_model'),
    avatar: text('avatar'),
    image: text('image'),
    summary: text('summary'),
    isEx: boolean('is_ex').notNull().default(false),
    catalogueId: text('catalogue_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('characters_user_id_idx').on(t.userId),
    // Fictional adults only (DESIGN §6): enforced here as well as in the service.
    check('characters_age_adult', sql`${t.age} between 18 and 70`),
    check('characters_communication_style_range', sql`${t.communicationStyle} between 0 and 100`),
    check('characters_sexuality_range', sql`${t.sexuality} between 0 and 100`),
  ],
);

export type CharacterRow = typeof characters.$inferSelect;
