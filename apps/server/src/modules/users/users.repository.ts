import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** Keeps the first confirmation time when confirmed again. */
  async confirmAdult(userId: string, at: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ adultConfirmedAt: at })
      .where(and(eq(users.id, userId), isNull(users.adultConfirmedAt)));
  }
}
