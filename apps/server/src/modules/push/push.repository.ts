import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type PushSubscriptionRow, pushSubscriptions } from '../../db/schema/index.ts';

export interface NewSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  browserInfo: Record<string, string>;
}

export class PushRepository {
  constructor(private readonly db: Db) {}

  /** One row per endpoint: the same browser subscribing again (or for another user) updates it. */
  async upsert(values: NewSubscription): Promise<PushSubscriptionRow> {
    const [row] = await this.db
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: values.userId,
          p256dh: values.p256dh,
          auth: values.auth,
          browserInfo: values.browserInfo,
        },
      })
      .returning();
    if (!row) throw new Error('push subscription upsert returned nothing');
    return row;
  }

  listByUser(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  }

  async find(id: string): Promise<PushSubscriptionRow | undefined> {
    const [row] = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    return row;
  }

  /** Only the user's own: another user's endpoint is left alone. */
  async deleteOwned(userId: string, endpoint: string): Promise<boolean> {
    const rows = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  }

  async deleteIds(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
  }

  /** The push service said the subscription is gone (404/410). */
  async deleteIfEndpoint(id: string, endpoint: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)));
  }

  async markSuccess(id: string, at: Date): Promise<void> {
    await this.db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
  }
}
