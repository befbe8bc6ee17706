import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * One row per refused input (issue 11): who, where it entered, why — never the text. Counted per user
 * over the last hour for the stronger warning, and kept for moderation.
 */
export const safetyRefusals = pgTable(
  'safety_refusals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The entry point: chat, character.name, image_prompt, … */
    entry: text('entry').notNull(),
    /** minor, real_person, undress_photo. */
    reason: text('reason').notNull(),
    /** Which layer refused: rules or moderation. */
    layer: text('layer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('safety_refusals_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

export type SafetyRefusalRow = typeof safetyRefusals.$inferSelect;
