import { LIKENESS_SPEC_ERRORS, LIKENESS_TEXTS } from '@podruga/shared';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { tierOf } from '../limits/limits.service.ts';

/** A guest (000 §5 "Authentication required for ex character creation"): 401. */
export function exAuthRequired(): AppError {
  return new AppError(401, 'unauthorized', LIKENESS_TEXTS.authRequired, {
    message: LIKENESS_SPEC_ERRORS.auth,
  });
}

/** An account without active Plus (000 §5, 001 §5): 403 `plus_required`. */
export function exPlusRequired(): AppError {
  return new AppError(403, 'plus_required', LIKENESS_TEXTS.plusRequired, {
    message: LIKENESS_SPEC_ERRORS.plus,
  });
}

/**
 * Creation by likeness is for accounts with active Plus (000 §5, 001 §5): a guest gets 401, an account
 * without Plus 403 `plus_required`. `detail` is the Russian text the page shows; `message` the spec's.
 */
export function assertExAccess(user: UserRow | null, now: Date): asserts user is UserRow {
  if (!user || user.membershipType === 'guest') throw exAuthRequired();
  if (!['plus', 'vip'].includes(tierOf(user, now))) throw exPlusRequired();
}

/**
 * The route options every likeness route shares: `plus` access (plugins/auth.ts checks it before the
 * body is read, so an upload without Plus is refused before its bytes are), with the spec's own texts.
 */
export function exRouteConfig<const Extra extends object>(extra: Extra = {} as Extra) {
  return {
    access: 'plus' as const,
    unauthorized: LIKENESS_TEXTS.authRequired,
    refuse: { guest: exAuthRequired, plus: exPlusRequired },
    ...extra,
  };
}
