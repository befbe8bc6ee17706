import { PAYMENT_METHODS, PAYMENT_STATES, PLANS, PRODUCTS } from '@podruga/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { users } from './users.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** One change of an order's state, newest last: who said it and what the provider's own word was. */
export interface PaymentStatusChange {
  at: string;
  state: (typeof PAYMENT_STATES)[number];
  providerStatus: string | null;
  /** 'create', 'callback', 'status' (our own check), 'sandbox'. */
  source: string;
  note?: string;
}

/**
 * One order (issue 13): our id `order_…` is what the client keeps; the provider's id arrives with the
 * provider's answer. The price is the server's (PRICES), never the client's. `details` keeps what the
 * dialog shows again (address, requisites, redirect URL); `state` is ours, `provider_status` theirs.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** The adapter: nowpayments, platega, twinpay, cactuspay or sandbox. */
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    product: text('product', { enum: PRODUCTS }).notNull(),
    plan: text('plan', { enum: PLANS }).notNull(),
    days: integer('days').notNull(),
    /** Whole roubles, or whole dollars for crypto (PRICES). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    state: text('state', { enum: PAYMENT_STATES }).notNull().default('pending'),
    providerStatus: text('provider_status'),
    statusHistory: jsonb('status_history').$type<PaymentStatusChange[]>().notNull().default([]),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    sandbox: boolean('sandbox').notNull().default(false),
    /** Where the mails and return links of this order point: the brand and base URL it was bought on. */
    brand: text('brand').notNull(),
    baseUrl: text('base_url').notNull(),
    /** The last status call we made to the provider (status routes ask at most every few seconds). */
    checkedAt: timestamptz('checked_at'),
    paidAt: timestamptz('paid_at'),
    grantedAt: timestamptz('granted_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Idempotency per provider payment: one order per (provider, provider payment id).
    uniqueIndex('payments_provider_payment_idx').on(t.provider, t.providerPaymentId),
    index('payments_user_id_created_at_idx').on(t.userId, t.createdAt),
    check('payments_state_known', sql`${t.state} in (${inList(PAYMENT_STATES)})`),
    check('payments_method_known', sql`${t.method} in (${inList(PAYMENT_METHODS)})`),
    check('payments_product_known', sql`${t.product} in (${inList(PRODUCTS)})`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
