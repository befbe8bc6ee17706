import { PROFILE_MESSAGES, type SuccessMessage } from '@podruga/shared';
import type { Clock } from '../../clock.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { PaymentsRepository } from './payments.repository.ts';

export interface PaymentsServiceDeps {
  repo: PaymentsRepository;
  clock: Clock;
  log: Logger;
}

/**
 * Paid access (DESIGN §5). Purchases are one-time, so there is no renewal to stop: cancelling ends the
 * access now (decision 0018). Buying and activation arrive with issue 13.
 */
export class PaymentsService {
  constructor(private readonly deps: PaymentsServiceDeps) {}

  /**
   * Active Plus (and VIP on top of it) ends at once: back to the free tier, expiries cleared. Nothing is
   * charged and the unused days are not refunded automatically. Without active access: a 400.
   */
  async cancelSubscription(user: UserRow): Promise<SuccessMessage> {
    const cancelled = await this.deps.repo.cancelAccess(user.id, this.deps.clock.now());
    if (!cancelled) throw new AppError(400, 'no_active_access', PROFILE_MESSAGES.noActiveAccess);
    this.deps.log.info(
      {
        userId: user.id,
        plusExpiry: cancelled.membershipExpiry?.toISOString() ?? null,
        vipExpiry: cancelled.vipExpiry?.toISOString() ?? null,
      },
      'paid access cancelled by the user',
    );
    return { success: true, message: PROFILE_MESSAGES.cancelled };
  }
}
