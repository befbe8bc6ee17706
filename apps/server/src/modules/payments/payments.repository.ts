import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** What a cancellation took away: the expiries the user had. */
export interface CancelledAccess {
  membershipExpiry: Date | null;
  vipExpiry: Date | null;
}

/** Paid access on the user row. Queries only; the rules live in the service. */
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
}
