import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SupportRequestRow, supportRequests, type UserRow, users } from '../../db/schema/index.ts';

export type NewSupportRequest = Pick<
  SupportRequestRow,
  'userId' | 'issueType' | 'email' | 'message' | 'brand'
>;

/** The support requests' table: Drizzle only, no rules. */
export class SupportRepository {
  constructor(private readonly db: Db) {}

  async insert(request: NewSupportRequest): Promise<SupportRequestRow> {
    const [row] = await this.db.insert(supportRequests).values(request).returning();
    if (!row) throw new Error('support request not stored');
    return row;
  }

  /**
   * A request with the account that sent it (null when the account is gone), for its mail: the one
   * read across modules here, so a mail sent later (a retry, after a restart) still names the sender's
   * tier as it is then.
   */
  async findForMail(id: string): Promise<{ request: SupportRequestRow; user: UserRow | null } | null> {
    const [row] = await this.db
      .select({ request: supportRequests, user: users })
      .from(supportRequests)
      .leftJoin(users, eq(users.id, supportRequests.userId))
      .where(eq(supportRequests.id, id));
    return row ?? null;
  }

  /** Marks the request mailed; false when it already was (another worker got there first). */
  async markMailed(id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(supportRequests)
      .set({ mailedAt: at })
      .where(and(eq(supportRequests.id, id), isNull(supportRequests.mailedAt)))
      .returning({ id: supportRequests.id });
    return rows.length > 0;
  }

  /** Requests not mailed yet, made after `since`, oldest first (queued again at start). */
  async unmailedSince(since: Date): Promise<string[]> {
    const rows = await this.db
      .select({ id: supportRequests.id })
      .from(supportRequests)
      .where(and(isNull(supportRequests.mailedAt), gt(supportRequests.createdAt, since)))
      .orderBy(asc(supportRequests.createdAt))
      .limit(1000);
    return rows.map((r) => r.id);
  }
}
