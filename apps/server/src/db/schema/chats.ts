import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { characters } from './characters.ts';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: uuid('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('New Chat'),
    /**
     * What the chat has established for the safety checks (issue 27, `modules/safety/scene.ts`): the
     * minors and real people its turns set up, which a later message may point back to.
     */
    // New chats start with an empty scene; chats made before it have none (null) and have theirs
    // rebuilt once from their turns (migration 0010 adds the column first, then the default).
    safetyScene: jsonb('safety_scene').default(sql`'{"v":1,"turn":0,"entities":[]}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('chats_user_id_idx').on(t.userId), index('chats_character_id_idx').on(t.characterId)],
);

export type ChatRow = typeof chats.$inferSelect;
