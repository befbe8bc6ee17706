import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';

export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** Keeps the first confirmation time when confirmed again. */
  async confirmAdult(userId: string, at: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ adultConfirmedAt: at })
      .where(and(eq(users.id, userId), isNull(users.adultConfirmedAt)));
  }

  /** Sets `is_pwa_user`; the row as it is now. */
  async markPwaUser(userId: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ isPwaUser: true })
      .where(eq(users.id, userId))
      .returning();
    return row;
  }
}
