import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * The ready-made companions of /gfs: no owner. Seeded idempotently at startup from code
 * (modules/catalogue/catalogue.seed.ts); portraits are drawn by the image port in a job after the seed
 * and stored by the storage port. Adopting one copies its traits into a character the user owns.
 */
export const catalogueCompanions = pgTable(
  'catalogue_companions',
  {
    /** A stable slug from the seed data (e.g. 'alisa'). */
    id: text('id').primaryKey(),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    age: integer('age').notNull(),
    summary: text('summary').notNull(),
    ethnicity: text('ethnicity').notNull(),
    hairColor: text('hair_color').notNull(),
    bodyType: text('body_type').notNull(),
    breastSize: text('breast_size').notNull(),
    butt: text('butt').notNull(),
    skinShade: text('skin_shade').notNull(),
    hairstyle: text('hairstyle').notNull(),
    personality: text('personality').notNull(),
    occupation: text('occupation').notNull(),
    habit: text('habit').notNull(),
    languageStyle: text('language_style').notNull(),
    communicationStyle: integer('communication_style').notNull(),
    sexuality: integer('sexuality').notNull(),
    mood: text('mood').notNull(),
    temperament: text('temperament'),
    /** Stored media names (bare names are served under /pics/); null until the portrait is made. */
    image: text('image'),
    avatar: text('avatar'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('catalogue_companions_age_adult', sql`${t.age} between 18 and 70`)],
);

export type CatalogueCompanionRow = typeof catalogueCompanions.$inferSelect;
