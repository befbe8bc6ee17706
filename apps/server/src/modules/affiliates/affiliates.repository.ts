import { and, count, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AffiliateVisitRow, affiliateVisits, payments, users } from '../../db/schema/index.ts';

export interface CodeCounts {
  visits: Map<string, { visits: number; lastVisitAt: Date | null }>;
  users: Map<string, { users: number; signups: number }>;
  payments: Map<string, { payments: number; revenue: Record<string, number> }>;
}

/** Visits, first touches and the report's counts. Queries only. */
export class AffiliatesRepository {
  constructor(private readonly db: Db) {}

  async insertVisit(code: string, at: Date): Promise<AffiliateVisitRow> {
    const [row] = await this.db.insert(affiliateVisits).values({ code, createdAt: at }).returning();
    if (!row) throw new Error('affiliate visit not stored');
    return row;
  }

  async visit(id: string): Promise<AffiliateVisitRow | undefined> {
    const [row] = await this.db.select().from(affiliateVisits).where(eq(affiliateVisits.id, id));
    return row;
  }

  /** Sets the account's first touch unless it has one: the first code wins, for good. */
  async attach(userId: string, code: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ affiliateCode: code, affiliateAt: at })
      .where(and(eq(users.id, userId), isNull(users.affiliateCode)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** Per code: visits; accounts whose first touch it is; paid orders within `days` of that touch. */
  async counts(days: number): Promise<CodeCounts> {
    const [visitRows, userRows, paymentRows] = await Promise.all([
      this.db
        .select({ code: affiliateVisits.code, visits: count(), last: max(affiliateVisits.createdAt) })
        .from(affiliateVisits)
        .groupBy(affiliateVisits.code),
      this.db
        .select({
          code: users.affiliateCode,
          users: count(),
          signups: sql<number>`count(*) filter (where ${users.email} is not null)`,
        })
        .from(users)
        .where(isNotNull(users.affiliateCode))
        .groupBy(users.affiliateCode),
      this.db
        .select({
          code: users.affiliateCode,
          currency: payments.currency,
          payments: count(),
          revenue: sql<number>`coalesce(sum(${payments.amount}), 0)`,
        })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(
          and(
            isNotNull(users.affiliateCode),
            eq(payments.state, 'paid'),
            isNotNull(payments.paidAt),
            sql`${payments.paidAt} >= ${users.affiliateAt}`,
            sql`${payments.paidAt} <= ${users.affiliateAt} + make_interval(days => ${days})`,
          ),
        )
        .groupBy(users.affiliateCode, payments.currency),
    ]);
    const result: CodeCounts = { visits: new Map(), users: new Map(), payments: new Map() };
    for (const r of visitRows)
      result.visits.set(r.code, { visits: Number(r.visits), lastVisitAt: r.last ?? null });
    for (const r of userRows) {
      if (r.code) result.users.set(r.code, { users: Number(r.users), signups: Number(r.signups) });
    }
    for (const r of paymentRows) {
      if (!r.code) continue;
      const entry = result.payments.get(r.code) ?? { payments: 0, revenue: {} };
      entry.payments += Number(r.payments);
      entry.revenue[r.currency] = (entry.revenue[r.currency] ?? 0) + Number(r.revenue);
      result.payments.set(r.code, entry);
    }
    return result;
  }
}
