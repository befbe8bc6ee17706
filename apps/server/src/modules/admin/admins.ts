import { ADMIN_TEXTS } from '@podruga/shared';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/**
 * The admins (issues 16–17): registered accounts whose e-mail is in ADMIN_EMAILS and confirmed —
 * registering someone else's address gives nothing.
 */
export function isAdmin(user: UserRow, adminEmails: readonly string[]): boolean {
  return (
    user.membershipType !== 'guest' &&
    user.emailVerified &&
    !!user.email &&
    adminEmails.includes(user.email.toLowerCase())
  );
}

/** 403 for everyone but an admin. */
export function requireAdmin(user: UserRow, adminEmails: readonly string[]): void {
  if (!isAdmin(user, adminEmails)) throw new AppError(403, 'forbidden', ADMIN_TEXTS.forbidden);
}
