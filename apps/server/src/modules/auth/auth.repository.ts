import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../db/client.ts';
import {
  characters,
  chats,
  type EmailVerificationTokenRow,
  emailVerificationTokens,
  messages,
  type PasswordResetTokenRow,
  passwordResetTokens,
  type UserRow,
  users,
} from '../../db/schema/index.ts';

export interface NewAccount {
  name: string;
  email: string;
  passwordHash: string;
  termsVersion: string;
  termsAcceptedAt: Date;
}

export interface NewLinkToken {
  userId: string;
  tokenHash: string;
  email: string;
  expiresAt: Date;
}

/** Users, their link tokens and the guest-to-account merge. Queries only; the rules are in the services. */
export class AuthRepository {
  /** Every authenticated request and chat message looks its user up: prepared once. */
  private readonly userById;

  constructor(private readonly db: Db) {
    this.userById = db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('user_by_id');
  }

  async findUserById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.userById.execute({ id });
    return row;
  }

  /** `email` must already be lowercased. */
  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  async insertGuest(name: string): Promise<UserRow> {
    const [row] = await this.db.insert(users).values({ name, membershipType: 'guest' }).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** Undefined when the address is already taken. */
  async insertAccount(account: NewAccount): Promise<UserRow | undefined> {
    try {
      const [row] = await this.db
        .insert(users)
        .values({ ...account, membershipType: 'free' })
        .returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /**
   * Turns a guest row (or a paid account without an e-mail, made by the anonymous purchase flow) into
   * an account in place (same id); its tokens stop working (token_version + 1). Undefined when the
   * address is taken.
   */
  async upgradeGuest(guestId: string, account: NewAccount): Promise<UserRow | undefined> {
    try {
      const [row] = await this.db
        .update(users)
        .set({
          ...account,
          // A guest who already bought Plus (the anonymous purchase flow, 002 §4) keeps it.
          membershipType: sql`case when ${users.membershipType} = 'guest' then 'free' else ${users.membershipType} end`,
          emailVerified: false,
          tokenVersion: sql`${users.tokenVersion} + 1`,
        })
        .where(and(eq(users.id, guestId), isNull(users.email)))
        .returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /**
   * Moves a guest's companions, chats and their messages to an account, and retires the guest (its
   * sessions end). One transaction: either everything moves or nothing does. Daily usage stays with
   * the guest row.
   */
  async mergeGuestInto(guestId: string, accountId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(characters).set({ userId: accountId }).where(eq(characters.userId, guestId));
      await tx.update(chats).set({ userId: accountId }).where(eq(chats.userId, guestId));
      await tx.update(messages).set({ userId: accountId }).where(eq(messages.userId, guestId));
      await tx
        .update(users)
        .set({ isActive: false, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, guestId));
    });
  }

  async touchLastSeen(userId: string, at: Date): Promise<void> {
    await this.db.update(users).set({ lastSeenAt: at }).where(eq(users.id, userId));
  }

  async insertPasswordResetToken(token: NewLinkToken): Promise<void> {
    await this.db.insert(passwordResetTokens).values(token);
  }

  async findPasswordResetToken(tokenHash: string): Promise<PasswordResetTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, tokenHash));
    return row;
  }

  /**
   * Uses a reset token and sets the new password in one transaction; every other session of the user
   * ends (token_version + 1) and the user's other reset links stop working. False when the token was
   * used meanwhile.
   */
  async completePasswordReset(input: {
    tokenId: string;
    userId: string;
    passwordHash: string;
    verifyEmail: boolean;
    now: Date;
  }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: input.now })
        .where(and(eq(passwordResetTokens.id, input.tokenId), isNull(passwordResetTokens.usedAt)))
        .returning({ id: passwordResetTokens.id });
      if (!used) return false;
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: input.now })
        .where(and(eq(passwordResetTokens.userId, input.userId), isNull(passwordResetTokens.usedAt)));
      await tx
        .update(users)
        .set({
          passwordHash: input.passwordHash,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          ...(input.verifyEmail ? { emailVerified: true } : {}),
        })
        .where(eq(users.id, input.userId));
      return true;
    });
  }

  /** Only the newest confirmation link of a user works: issuing one retires the earlier ones. */
  async replaceEmailVerificationToken(token: NewLinkToken, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(emailVerificationTokens)
        .set({ usedAt: now })
        .where(and(eq(emailVerificationTokens.userId, token.userId), isNull(emailVerificationTokens.usedAt)));
      await tx.insert(emailVerificationTokens).values(token);
    });
  }

  async findEmailVerificationToken(tokenHash: string): Promise<EmailVerificationTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.tokenHash, tokenHash));
    return row;
  }

  /**
   * Uses a confirmation token and makes its address the user's verified e-mail (the same address after
   * registering, the new one after a change). 'email_taken' when another account took the address in
   * the meantime (nothing changes), 'used' when the token was used meanwhile.
   */
  async completeEmailVerification(input: {
    tokenId: string;
    userId: string;
    email: string;
    now: Date;
  }): Promise<'ok' | 'used' | 'email_taken'> {
    try {
      return await this.db.transaction(async (tx) => {
        const [used] = await tx
          .update(emailVerificationTokens)
          .set({ usedAt: input.now })
          .where(and(eq(emailVerificationTokens.id, input.tokenId), isNull(emailVerificationTokens.usedAt)))
          .returning({ id: emailVerificationTokens.id });
        if (!used) return 'used';
        await tx
          .update(users)
          .set({ email: input.email, emailVerified: true })
          .where(eq(users.id, input.userId));
        return 'ok';
      });
    } catch (error) {
      if (isUniqueViolation(error)) return 'email_taken';
      throw error;
    }
  }
}
