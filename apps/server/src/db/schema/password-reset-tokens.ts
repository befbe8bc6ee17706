import { index, pgTable } from 'drizzle-orm/pg-core';
import { linkTokenColumns } from './link-token-columns.ts';

/** A reset link proves the mailbox it was sent to, and only that one. */
export const passwordResetTokens = pgTable('password_reset_tokens', linkTokenColumns(), (t) => [
  index('password_reset_tokens_user_id_idx').on(t.userId),
]);

export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
