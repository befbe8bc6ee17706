import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { safetyRefusals } from '../../db/schema/index.ts';

export interface RefusalRecord {
  userId: string;
  entry: string;
  reason: string;
  layer: 'rules' | 'moderation';
  at: Date;
}

/** The refusals table. Queries only; the rules (the threshold, the texts) live in the service. */
export class SafetyRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores a refusal and answers how many this user has had since `since`, this one included, in one
   * statement (the insert is not visible to the count of the same statement, hence the + 1).
   */
  async record(refusal: RefusalRecord, since: Date): Promise<number> {
    const result: unknown = await this.db.execute(sql`
      with inserted as (
        insert into ${safetyRefusals} (user_id, entry, reason, layer, created_at)
        values (${refusal.userId}, ${refusal.entry}, ${refusal.reason}, ${refusal.layer}, ${refusal.at.toISOString()})
        returning 1
      )
      select (select count(*) from ${safetyRefusals}
        where ${safetyRefusals.userId} = ${refusal.userId} and ${safetyRefusals.createdAt} > ${since.toISOString()}
      ) + (select count(*) from inserted) as count`);
    // node-postgres and PGlite both answer `{rows}`.
    const row = (result as { rows: Array<{ count: number | string }> }).rows[0];
    return Number(row?.count ?? 1);
  }
}
