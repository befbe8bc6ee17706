import { isPlusActive, isPlusExpired, PROFILE_MESSAGES, type User } from '@podruga/shared';

/** The plan as the profile shows it (001 §9 plan display). */
export interface Plan {
  kind: 'free' | 'plus' | 'vip';
  /** 'Plus', 'VIP' or 'Бесплатный'. */
  name: string;
  plusExpiry: string | null;
  vipExpiry: string | null;
  /** A Plus that ran out: when (the account is on the free plan again). */
  expiredOn: string | null;
}

/** VIP counts only on top of an active Plus (DESIGN §5). */
export function planOf(user: User, now: Date = new Date()): Plan {
  const plus = isPlusActive(user, now);
  const vipExpiry = user.vip_expiry ?? null;
  const vip = plus && vipExpiry !== null && Date.parse(vipExpiry) > now.getTime();
  const expiredOn = isPlusExpired(user, now) ? user.membership_expiry : null;
  if (vip)
    return { kind: 'vip', name: 'VIP', plusExpiry: user.membership_expiry, vipExpiry, expiredOn: null };
  if (plus)
    return {
      kind: 'plus',
      name: 'Plus',
      plusExpiry: user.membership_expiry,
      vipExpiry: null,
      expiredOn: null,
    };
  return { kind: 'free', name: PROFILE_MESSAGES.freePlan, plusExpiry: null, vipExpiry: null, expiredOn };
}
