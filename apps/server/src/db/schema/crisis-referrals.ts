import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * One row per crisis referral (issue 27, the crisis protocol; California SB 243's yearly report counts
 * them): where it happened, what the detector read, which country's lines were given — and nothing
 * that identifies the user (no user id, no chat id, no text).
 */
export const crisisReferrals = pgTable(
  'crisis_referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The entry point: chat, image_request, upload_caption, voice_call. */
    entry: text('entry').notNull(),
    /** ideation, self_harm, plan, method, goodbye — or the guard model's self_harm. */
    kind: text('kind').notNull(),
    /** Which layer detected it: rules or moderation. */
    layer: text('layer').notNull(),
    /** The country whose lines were given (ISO 3166-1 alpha-2, or "default"). */
    country: text('country').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('crisis_referrals_created_at_idx').on(t.createdAt)],
);

export type CrisisReferralRow = typeof crisisReferrals.$inferSelect;
