import { PAYMENT_METHODS, PAYMENT_STATES } from '@podruga/shared';
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * The sandbox provider's own books (DESIGN §4): what a real provider would keep on its side, so its
 * status call answers from here like a real one, across restarts and instances.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  providerPaymentId: text('provider_payment_id').primaryKey(),
  orderId: text('order_id').notNull().unique(),
  method: text('method', { enum: PAYMENT_METHODS }).notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** 'pending', 'paid', 'failed', 'refunded', 'chargeback', 'expired'. */
  state: text('state', { enum: PAYMENT_STATES }).notNull().default('pending'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
