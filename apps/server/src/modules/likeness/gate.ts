import { LIKENESS_SPEC_ERRORS, LIKENESS_TEXTS } from '@podruga/shared';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { tierOf } from '../limits/limits.service.ts';

/**
 * Creation by likeness is for accounts with active Plus (000 §5, 001 §5): a guest gets 401, an account
 * without Plus 403 `plus_required`. `detail` is the Russian text the page shows; `message` the spec's.
 */
export function assertExAccess(user: UserRow | null, now: Date): asserts user is UserRow {
  if (!user || user.membershipType === 'guest') {
    throw new AppError(401, 'unauthorized', LIKENESS_TEXTS.authRequired, {
      message: LIKENESS_SPEC_ERRORS.auth,
    });
  }
  if (!['plus', 'vip'].includes(tierOf(user, now))) {
    throw new AppError(403, 'plus_required', LIKENESS_TEXTS.plusRequired, {
      message: LIKENESS_SPEC_ERRORS.plus,
    });
  }
}

/** The route options every likeness route shares: any session reaches the gate; no token → 401. */
export function exRouteConfig<const Extra extends object>(extra: Extra = {} as Extra) {
  return { access: 'guest' as const, unauthorized: LIKENESS_TEXTS.authRequired, ...extra };
}
