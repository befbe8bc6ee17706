import { and, count, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { crisisReferrals, safetyRefusals } from '../../db/schema/index.ts';

export interface RefusalRecord {
  userId: string;
  entry: string;
  reason: string;
  layer: 'rules' | 'moderation';
  at: Date;
}

/** One crisis referral: where, what was read, by which layer, whose lines — nothing of the user. */
export interface ReferralRecord {
  entry: string;
  kind: string;
  layer: 'rules' | 'moderation';
  country: string;
  at: Date;
}

/** A year's referrals, as the yearly report counts them. */
export interface ReferralCounts {
  total: number;
  byKind: Record<string, number>;
  byEntry: Record<string, number>;
  byLayer: Record<string, number>;
}

/** The refusals and referrals tables. Queries only; the rules (the threshold, the texts) live in the service. */
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

  async recordReferral(referral: ReferralRecord): Promise<void> {
    const { entry, kind, layer, country, at } = referral;
    await this.db.insert(crisisReferrals).values({ entry, kind, layer, country, createdAt: at });
  }

  /** The referrals of [from, to), counted by kind, entry point and layer. */
  async referralCounts(from: Date, to: Date): Promise<ReferralCounts> {
    const rows = await this.db
      .select({
        kind: crisisReferrals.kind,
        entry: crisisReferrals.entry,
        layer: crisisReferrals.layer,
        n: count(),
      })
      .from(crisisReferrals)
      .where(and(gte(crisisReferrals.createdAt, from), lt(crisisReferrals.createdAt, to)))
      .groupBy(crisisReferrals.kind, crisisReferrals.entry, crisisReferrals.layer);
    const counts: ReferralCounts = { total: 0, byKind: {}, byEntry: {}, byLayer: {} };
    for (const { kind, entry, layer, n } of rows) {
      counts.total += n;
      counts.byKind[kind] = (counts.byKind[kind] ?? 0) + n;
      counts.byEntry[entry] = (counts.byEntry[entry] ?? 0) + n;
      counts.byLayer[layer] = (counts.byLayer[layer] ?? 0) + n;
    }
    return counts;
  }
}
