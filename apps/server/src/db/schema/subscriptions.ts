import { PRODUCTS } from '@podruga/shared';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/**
 * The history of grants: what one paid order added to the user's expiries (both for VIP), so a refund
 * or chargeback can take exactly that back, and the end-of-access reminder is sent once.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    product: text('product', { enum: PRODUCTS }).notNull(),
    days: integer('days').notNull(),
    plusExpiryBefore: timestamptz('plus_expiry_before'),
    plusExpiryAfter: timestamptz('plus_expiry_after').notNull(),
    vipExpiryBefore: timestamptz('vip_expiry_before'),
    /** Null for a Plus purchase (VIP untouched). */
    vipExpiryAfter: timestamptz('vip_expiry_after'),
    grantedAt: timestamptz('granted_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /** When the "access ended" mail went out for the expiry this grant set. */
    remindedAt: timestamptz('reminded_at'),
  },
  (t) => [index('subscriptions_user_id_idx').on(t.userId)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
