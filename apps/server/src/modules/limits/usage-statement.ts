import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { dailyUsage } from '../../db/schema/index.ts';

/*
 * The limits module's one statement that other modules may embed: a deliberate cross-module write (see
 * docs/ARCHITECTURE.md, "Read models"). The chat counts a message and stores it in one statement, with
 * this as its first step, so a message is never stored uncounted nor counted unstored (DESIGN §8).
 */

export type UsageResource = 'messages' | 'voice_seconds' | 'videos' | 'photos';

/** One use of a daily allowance: whose, which day, what, and how many are allowed in all. */
export interface Usage {
  userId: string;
  day: string;
  resource: UsageResource;
  limit: number;
  amount: number;
}

/** A usage whose values may be placeholders, for a statement prepared once and run with its values. */
export type Bindable<T> = { [K in keyof T]: T[K] | Placeholder };

/**
 * The statement that takes `amount` from today's allowance, returning the new count, or no row when
 * that would pass `limit`. Usable on its own or as the first step (a CTE) of a statement that stores
 * something only when the allowance had room.
 */
export function consumeStatement({ userId, day, resource, limit, amount }: Bindable<Usage>): SQL {
  return sql`
      insert into ${dailyUsage} (user_id, day, resource, count)
      values (${userId}, ${day}, ${resource}, ${amount})
      on conflict (user_id, day, resource) do update
        set count = ${dailyUsage}.count + ${amount}
        where ${dailyUsage}.count + ${amount} <= ${limit}
      returning count`;
}
