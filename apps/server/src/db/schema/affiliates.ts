import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** One arrival through an affiliate link (issue 16): counted per code; its time is the first touch's. */
export const affiliateVisits = pgTable(
  'affiliate_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased (normalizeAffiliateCode). */
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('affiliate_visits_code_idx').on(t.code, t.createdAt)],
);

export type AffiliateVisitRow = typeof affiliateVisits.$inferSelect;
