import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { payments } from './payments.ts';

/**
 * Every callback and every status answer, raw, for the audit trail; refused callbacks too (verified
 * false). Secrets a provider puts in its headers are never kept (only the body is).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** 'callback' (what arrived) or 'status' (what our own status call answered). */
    kind: text('kind').notNull(),
    verified: boolean('verified').notNull(),
    providerPaymentId: text('provider_payment_id'),
    orderId: text('order_id'),
    /** The provider's status word as claimed (callback) or answered (status). */
    status: text('status'),
    body: text('body'),
    data: jsonb('data'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_payment_id_idx').on(t.paymentId)],
);

export type PaymentEventRow = typeof paymentEvents.$inferSelect;
