import type { User } from '@podruga/shared';
import type { Clock } from '../../clock.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { presentUser } from '../auth/auth.presenter.ts';
import type { UsersRepository } from './users.repository.ts';

export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly clock: Clock,
  ) {}

  /** The 18+ gate is remembered on the user, so it is asked once per account, not once per browser. */
  async confirmAdult(user: UserRow): Promise<{ adult_confirmed: true }> {
    await this.repo.confirmAdult(user.id, this.clock.now());
    return { adult_confirmed: true };
  }

  /**
   * The registered user runs the installed app (001 §4 "App installation"): flagged for good, which puts
   * them in the pwa tier (DESIGN §5) unless Plus or VIP is active. Idempotent; answers the user.
   */
  async markPwaUser(user: UserRow): Promise<User> {
    const updated = user.isPwaUser ? user : await this.repo.markPwaUser(user.id);
    return presentUser(updated ?? { ...user, isPwaUser: true });
  }
}
