import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type PaymentRow,
  type PaymentStatusChange,
  paymentEvents,
  payments,
  type SandboxPaymentRow,
  type SubscriptionRow,
  sandboxPayments,
  subscriptions,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import type { SandboxRecord, SandboxStore } from '../../providers/payments/sandbox.ts';

/** What a cancellation took away: the expiries the user had. */
export interface CancelledAccess {
  membershipExpiry: Date | null;
  vipExpiry: Date | null;
}

export type NewPayment = typeof payments.$inferInsert;
export type NewPaymentEvent = typeof paymentEvents.$inferInsert;
export type NewSubscription = typeof subscriptions.$inferInsert;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * One payment row locked (SELECT … FOR UPDATE) inside a transaction, with the writes the settle
 * step may make while it holds the lock. The rules live in the service.
 */
export interface LockedPayment {
  payment: PaymentRow;
  /** The buyer, locked too (expiries are read and written under the lock). */
  lockUser(): Promise<UserRow>;
  updateUser(
    values: Partial<Pick<UserRow, 'membershipType' | 'membershipExpiry' | 'vipExpiry'>>,
  ): Promise<void>;
  updatePayment(values: Partial<NewPayment>, change: PaymentStatusChange): Promise<PaymentRow>;
  subscription(): Promise<SubscriptionRow | undefined>;
  insertSubscription(values: NewSubscription): Promise<void>;
  revokeSubscription(id: string, at: Date): Promise<void>;
}

/** Orders, their audit trail, grants, and paid access on the user row. Queries only. */
export class PaymentsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Ends active Plus (and VIP with it): the row is locked while it is read, and changed only when its
   * Plus is active at `now`, so two cancellations at once change it once. Null: nothing to cancel.
   */
  cancelAccess(userId: string, now: Date): Promise<CancelledAccess | null> {
    return this.db.transaction(async (tx) => {
      const [active] = await tx
        .select({ membershipExpiry: users.membershipExpiry, vipExpiry: users.vipExpiry })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.membershipType, 'plus'), gt(users.membershipExpiry, now)))
        .for('update');
      if (!active) return null;
      await tx
        .update(users)
        .set({ membershipType: 'free', membershipExpiry: null, vipExpiry: null })
        .where(eq(users.id, userId));
      return active;
    });
  }

  async insertPayment(values: NewPayment): Promise<PaymentRow> {
    const [row] = await this.db.insert(payments).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** The provider's answer to our create: its id and what the dialog shows again. */
  async attachProviderPayment(
    id: string,
    values: { providerPaymentId: string; details: Record<string, unknown>; providerStatus?: string },
  ): Promise<PaymentRow> {
    const [row] = await this.db.update(payments).set(values).where(eq(payments.id, id)).returning();
    if (!row) throw new Error('update returned no row');
    return row;
  }

  async findByOrderId(orderId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.orderId, orderId));
    return row;
  }

  async findByProviderPaymentId(
    provider: string,
    providerPaymentId: string,
  ): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
    return row;
  }

  /** One of the user's orders by our order id or the provider's id (a status route may get either). */
  async findOwned(userId: string, id: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.userId, userId), or(eq(payments.orderId, id), eq(payments.providerPaymentId, id))),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row;
  }

  async recent(userId: string, since: Date, limit: number): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), gt(payments.createdAt, since)))
      .orderBy(desc(payments.createdAt))
      .limit(limit);
  }

  /**
   * Claims the right to ask the provider about an order now: true for one caller per `minGapMs`
   * (the status routes poll; the provider is asked at most that often per order).
   */
  async claimCheck(id: string, now: Date, minGapMs: number): Promise<boolean> {
    const before = new Date(now.getTime() - minGapMs);
    const rows = await this.db
      .update(payments)
      .set({ checkedAt: now })
      .where(and(eq(payments.id, id), or(isNull(payments.checkedAt), lte(payments.checkedAt, before))))
      .returning({ id: payments.id });
    return rows.length > 0;
  }

  /** PostgreSQL refuses NUL in text and jsonb: what a stranger sent is kept with NUL replaced. */
  async insertEvent(values: NewPaymentEvent): Promise<void> {
    const body = values.body?.replaceAll('\u0000', '\uFFFD');
    const data =
      values.data === undefined || values.data === null
        ? values.data
        : JSON.parse(JSON.stringify(values.data).replaceAll('\\u0000', '\\uFFFD'));
    await this.db.insert(paymentEvents).values({ ...values, body, data });
  }

  async events(paymentId: string) {
    return this.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, paymentId))
      .orderBy(paymentEvents.createdAt);
  }

  /** Runs `work` with the payment row locked: concurrent settles of one order run one after another. */
  withLockedPayment<T>(id: string, work: (locked: LockedPayment) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx: Tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
      if (!payment) throw new Error(`payment ${id} vanished`);
      let current = payment;
      const locked: LockedPayment = {
        payment,
        async lockUser() {
          const [user] = await tx.select().from(users).where(eq(users.id, payment.userId)).for('update');
          if (!user) throw new Error(`user ${payment.userId} vanished`);
          return user;
        },
        async updateUser(values) {
          await tx.update(users).set(values).where(eq(users.id, payment.userId));
        },
        async updatePayment(values, change) {
          const [row] = await tx
            .update(payments)
            .set({
              ...values,
              statusHistory: sql`${payments.statusHistory} || ${JSON.stringify([change])}::jsonb`,
            })
            .where(eq(payments.id, payment.id))
            .returning();
          if (!row) throw new Error('update returned no row');
          current = row;
          locked.payment = current;
          return row;
        },
        async subscription() {
          const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.paymentId, payment.id));
          return row;
        },
        async insertSubscription(values) {
          await tx.insert(subscriptions).values(values);
        },
        async revokeSubscription(subscriptionId, at) {
          await tx.update(subscriptions).set({ revokedAt: at }).where(eq(subscriptions.id, subscriptionId));
        },
      };
      return work(locked);
    });
  }

  async findUser(userId: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    return row;
  }

  /**
   * Marks the grant that set this Plus expiry as reminded, once: true for the one caller that did it
   * (the reminder job may run twice, or on two instances).
   */
  async markReminded(userId: string, plusExpiry: Date, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(subscriptions)
      .set({ remindedAt: now })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.plusExpiryAfter, plusExpiry),
          isNull(subscriptions.remindedAt),
          isNull(subscriptions.revokedAt),
        ),
      )
      .returning({ id: subscriptions.id });
    return rows.length > 0;
  }

  /** Users with a grant whose end has not been reminded yet: their reminders are queued again at start. */
  async unremindedUsers(): Promise<Array<{ userId: string; plusExpiry: Date | null }>> {
    return this.db
      .selectDistinct({ userId: users.id, plusExpiry: users.membershipExpiry })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(
        and(
          isNull(subscriptions.remindedAt),
          isNull(subscriptions.revokedAt),
          eq(subscriptions.plusExpiryAfter, users.membershipExpiry),
        ),
      );
  }
}

const toRecord = (row: SandboxPaymentRow): SandboxRecord => ({
  providerPaymentId: row.providerPaymentId,
  orderId: row.orderId,
  method: row.method,
  amount: row.amount,
  currency: row.currency,
  state: row.state,
  details: row.details,
  createdAt: row.createdAt,
});

/** The sandbox provider's books in `sandbox_payments`. */
export class SandboxPaymentsStore implements SandboxStore {
  constructor(private readonly db: Db) {}

  async insert(record: Omit<SandboxRecord, 'state' | 'createdAt'>): Promise<void> {
    await this.db.insert(sandboxPayments).values(record);
  }

  async find(id: string): Promise<SandboxRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxPayments)
      .where(or(eq(sandboxPayments.providerPaymentId, id), eq(sandboxPayments.orderId, id)));
    return row && toRecord(row);
  }

  async setState(providerPaymentId: string, state: SandboxRecord['state']): Promise<void> {
    await this.db
      .update(sandboxPayments)
      .set({ state })
      .where(eq(sandboxPayments.providerPaymentId, providerPaymentId));
  }
}
