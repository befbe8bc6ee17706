import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';
import { users } from './users.ts';

/** A support request (001 §5 support form, §7 POST /api/support/contact): kept, then mailed. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    issueType: text('issue_type').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** When the mail to the brand's support address was handed to the mail port; null until then. */
    mailedAt: timestamptz('mailed_at'),
    /** The brand the request came through (its support address). */
    brand: text('brand').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_requests_created_at_idx').on(t.createdAt)],
);

export type SupportRequestRow = typeof supportRequests.$inferSelect;
