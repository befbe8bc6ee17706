import { MEMBERSHIP_TYPES } from '@podruga/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';

/**
 * Guests are real rows too (membership 'guest', no e-mail, no password), so registering upgrades the
 * same row and everything a guest created keeps its owner.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored lowercased; null for guests. */
    email: text('email').unique(),
    passwordHash: text('password_hash'),
    membershipType: text('membership_type', { enum: MEMBERSHIP_TYPES }).notNull().default('guest'),
    membershipExpiry: timestamptz('membership_expiry'),
    vipExpiry: timestamptz('vip_expiry'),
    emailVerified: boolean('email_verified').notNull().default(false),
    isPwaUser: boolean('is_pwa_user').notNull().default(false),
    firstChat: boolean('first_chat').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    adultConfirmedAt: timestamptz('adult_confirmed_at'),
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamptz('terms_accepted_at'),
    /** Bumped to end every session at once (password reset, guest merged into an account). */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastSeenAt: timestamptz('last_seen_at'),
    /** The affiliate code of the first link this account (or its device) came through, lower-cased. */
    affiliateCode: text('affiliate_code'),
    /** When that first touch happened (the visit's time): payments within 30 days of it are the code's. */
    affiliateAt: timestamptz('affiliate_at'),
  },
  (t) => [
    index('users_affiliate_code_idx').on(t.affiliateCode).where(sql`${t.affiliateCode} is not null`),
    // Inlined (not bound) because a CHECK constraint cannot take parameters.
    check(
      'users_membership_type_known',
      sql`${t.membershipType} in (${sql.raw(MEMBERSHIP_TYPES.map((m) => `'${m}'`).join(', '))})`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
