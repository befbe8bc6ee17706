import { index, pgTable } from 'drizzle-orm/pg-core';
import { linkTokenColumns } from './link-token-columns.ts';

/**
 * Confirms an address: the current one after registering, or a new one when changing it (the user's
 * e-mail changes only when this token is used).
 */
export const emailVerificationTokens = pgTable('email_verification_tokens', linkTokenColumns(), (t) => [
  index('email_verification_tokens_user_id_idx').on(t.userId),
]);

export type EmailVerificationTokenRow = typeof emailVerificationTokens.$inferSelect;
