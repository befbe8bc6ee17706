import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * Confirms an address: the current one after registering, or a new one when changing it (the user's
 * e-mail changes only when this token is used). Only the SHA-256 of the token is kept.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
);

export type EmailVerificationTokenRow = typeof emailVerificationTokens.$inferSelect;
