import { date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One counter per user, Moscow calendar day and resource (messages, voice_seconds, videos, …), so
 * limits reset at 00:00 Europe/Moscow without a cleanup job.
 */
export const dailyUsage = pgTable(
  'daily_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD in Europe/Moscow. */
    day: date('day', { mode: 'string' }).notNull(),
    resource: text('resource').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.resource] })],
);

export type DailyUsageRow = typeof dailyUsage.$inferSelect;
