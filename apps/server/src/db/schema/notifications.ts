import { NOTIFICATION_TYPES } from '@podruga/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * The bell's notifications (001 §3, §4; issue 12): created by the server when something happens to the
 * user (companion created, e-mail verified, payments, a reply finished while away, system notices).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** `character_id` (and `chat_id`) for new_message and character_created; free-form otherwise. */
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_id_created_at_idx').on(t.userId, t.createdAt),
    check(
      'notifications_type_known',
      sql`${t.type} in (${sql.raw(NOTIFICATION_TYPES.map((m) => `'${m}'`).join(', '))})`,
    ),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
