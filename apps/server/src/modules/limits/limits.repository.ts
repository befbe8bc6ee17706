import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { characters, dailyUsage, messages } from '../../db/schema/index.ts';
import { consumeStatement, type UsageResource } from './usage-statement.ts';

/** Daily counters. Queries only; the tier rules live in the service. */
export class LimitsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds `amount` to today's counter only while the result stays within `limit`, in one statement:
   * concurrent consumers serialise on the row, so the limit can never be exceeded. Null = refused.
   */
  async consume(
    userId: string,
    day: string,
    resource: UsageResource,
    limit: number,
    amount = 1,
  ): Promise<number | null> {
    if (amount > limit) return null;
    const result: unknown = await this.db.execute(consumeStatement({ userId, day, resource, limit, amount }));
    // node-postgres and PGlite both answer `{rows}`.
    const row = (result as { rows: Array<{ count: number | string }> }).rows[0];
    return row ? Number(row.count) : null;
  }

  /**
   * Adds `amount` to today's counter but never past `limit` (count = least(count + amount, limit)), in
   * one statement: what was really used (a call's seconds) is charged as far as the allowance reaches,
   * and concurrent charges cannot pass it. A counter already past the limit is left as it is. Answers
   * the new count.
   */
  async consumeUpTo(
    userId: string,
    day: string,
    resource: UsageResource,
    amount: number,
    limit: number,
  ): Promise<number> {
    const result: unknown = await this.db.execute(sql`
      insert into ${dailyUsage} (user_id, day, resource, count)
      values (${userId}, ${day}, ${resource}, least(${amount}::int, greatest(${limit}::int, 0)))
      on conflict (user_id, day, resource) do update
        set count = greatest(${dailyUsage}.count, least(${dailyUsage}.count + ${amount}::int, ${limit}::int))
      returning count`);
    const row = (result as { rows: Array<{ count: number | string }> }).rows[0];
    return Number(row?.count ?? 0);
  }

  /** Gives back what a failed action consumed (never below zero). */
  async release(userId: string, day: string, resource: UsageResource, amount = 1): Promise<void> {
    await this.db
      .update(dailyUsage)
      .set({ count: sql`greatest(${dailyUsage.count} - ${amount}, 0)` })
      .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, day), eq(dailyUsage.resource, resource)));
  }

  async used(userId: string, day: string, resource: UsageResource): Promise<number> {
    const [row] = await this.db
      .select({ count: dailyUsage.count })
      .from(dailyUsage)
      .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, day), eq(dailyUsage.resource, resource)));
    return row?.count ?? 0;
  }

  /** Today's counters of every resource and the companions she has, in one trip (the limits status). */
  async usage(userId: string, day: string): Promise<Record<UsageResource | 'companions', number>> {
    const [rows, [companions]] = await Promise.all([
      this.db
        .select({ resource: dailyUsage.resource, count: dailyUsage.count })
        .from(dailyUsage)
        .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, day))),
      this.db.select({ n: count() }).from(characters).where(eq(characters.userId, userId)),
    ]);
    const used = (resource: UsageResource) => rows.find((r) => r.resource === resource)?.count ?? 0;
    return {
      messages: used('messages'),
      voice_seconds: used('voice_seconds'),
      videos: used('videos'),
      photos: used('photos'),
      companions: Number(companions?.n ?? 0),
    };
  }

  async userMessageCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.isUser, true)));
    return Number(row?.n ?? 0);
  }
}
