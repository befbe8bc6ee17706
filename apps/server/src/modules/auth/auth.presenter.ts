import type { AuthResponse, UpgradeResponse, User } from '@podruga/shared';
import type { UserRow } from '../../db/schema/index.ts';

/** The login/register/anonymous answer: exactly the spec's fields (000 §7). */
export function presentAuth(user: UserRow, accessToken: string): AuthResponse {
  return {
    access_token: accessToken,
    user_id: user.id,
    name: user.name,
    ...presentMembership(user),
    email_verified: user.emailVerified,
  };
}

/** The user as the client caches it (000 §3). */
export function presentUser(user: UserRow): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    ...presentMembership(user),
    vip_expiry: user.vipExpiry?.toISOString() ?? null,
    email_verified: user.emailVerified,
    is_pwa_user: user.isPwaUser,
    first_chat: user.firstChat,
    is_active: user.isActive,
    adult_confirmed: user.adultConfirmedAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}

/** Membership as recorded; an expired Plus stays 'plus' with its past expiry (000 §4). */
export function presentMembership(user: UserRow): UpgradeResponse {
  return {
    membership_type: user.membershipType,
    membership_expiry: user.membershipExpiry?.toISOString() ?? null,
  };
}
