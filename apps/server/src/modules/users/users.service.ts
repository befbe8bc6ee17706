import type { Clock } from '../../clock.ts';
import type { UserRow } from '../../db/schema/index.ts';
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
}
