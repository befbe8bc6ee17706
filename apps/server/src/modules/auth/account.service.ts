import {
  AUTH_MESSAGES,
  EMAIL_VERIFICATION_TTL_S,
  PASSWORD_RESET_TTL_S,
  SERVER_MESSAGES,
  type SuccessMessage,
  type VerificationStatus,
  type VerifyEmailResponse,
} from '@podruga/shared';
import type { Clock } from '../../clock.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { errors } from '../../errors.ts';
import type { LinkContext } from '../../link-context.ts';
import type { MailDispatcher } from '../../providers/mail/dispatcher.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { changeEmailMail, passwordResetMail, verificationMail } from './auth.mails.ts';
import type { AuthRepository } from './auth.repository.ts';
import { normalizeEmail } from './email.ts';
import { hashLinkToken, newLinkToken } from './link-tokens.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { LoginThrottle } from './throttle.ts';

export interface AccountServiceDeps {
  repo: AuthRepository;
  mail: MailDispatcher;
  clock: Clock;
  /** A completed reset proves the mailbox: the account's login lock ends with it. */
  loginThrottle: LoginThrottle;
  /** The bell's email_verified (issue 12). */
  notifications?: Pick<NotificationsService, 'emailVerified'>;
}

/**
 * Everything reached through an e-mailed link: password recovery, address confirmation and change.
 * The forms' rules are checked by the routes' schemas; who may call each route, by its access level.
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /**
   * Always the same answer for a well-formed address, registered or not, so the form cannot be used
   * to find out who has an account. The per-address limit is enforced by the route.
   */
  async forgotPassword(input: { email: string }, ctx: LinkContext): Promise<SuccessMessage> {
    const user = await this.deps.repo.findUserByEmail(normalizeEmail(input.email));
    if (user?.email && user.isActive) {
      const { token, tokenHash } = newLinkToken();
      await this.deps.repo.insertPasswordResetToken({
        userId: user.id,
        tokenHash,
        email: user.email,
        expiresAt: this.expiresIn(PASSWORD_RESET_TTL_S),
      });
      this.deps.mail.dispatch(passwordResetMail(ctx, user.email, user.name, token));
    }
    return { success: true, message: SERVER_MESSAGES.recoveryGeneric };
  }

  /**
   * A reset link works once, until it expires. Setting the password ends every other session, and
   * confirms the address the link was sent to (the user proved they read that mailbox).
   */
  async resetPassword(input: { token: string; new_password: string }): Promise<SuccessMessage> {
    const row = await this.deps.repo.findPasswordResetToken(hashLinkToken(input.token));
    if (!row || !this.isUsable(row)) throw errors.tokenInvalid();
    const user = await this.deps.repo.findUserById(row.userId);
    if (!user?.isActive) throw errors.tokenInvalid();
    const done = await this.deps.repo.completePasswordReset({
      tokenId: row.id,
      userId: user.id,
      passwordHash: await hashPassword(input.new_password),
      verifyEmail: user.email === row.email,
      now: this.deps.clock.now(),
    });
    if (!done) throw errors.tokenInvalid();
    if (user.email) await this.deps.loginThrottle.succeeded(user.email);
    return { success: true, message: SERVER_MESSAGES.resetDone };
  }

  /** The address changes only when the link sent to the new mailbox is used (see verifyEmail). */
  async changeEmail(
    user: UserRow,
    input: { current_password: string; new_email: string },
    ctx: LinkContext,
  ): Promise<SuccessMessage> {
    if (!(await verifyPassword(user.passwordHash, input.current_password))) throw errors.wrongPassword();
    const email = normalizeEmail(input.new_email);
    if (email === user.email) throw errors.validation(SERVER_MESSAGES.emailUnchanged);
    if (await this.deps.repo.findUserByEmail(email)) throw errors.emailTaken();
    const token = await this.issueVerificationToken(user.id, email);
    this.deps.mail.dispatch(changeEmailMail(ctx, email, user.name, token));
    return { success: true, message: SERVER_MESSAGES.changeEmailSent };
  }

  verificationStatus(user: UserRow): VerificationStatus {
    return { email_verified: user.emailVerified };
  }

  async resendVerification(user: UserRow, ctx: LinkContext): Promise<SuccessMessage> {
    if (!user.email) throw errors.validation(SERVER_MESSAGES.noEmail);
    if (user.emailVerified) throw errors.validation(SERVER_MESSAGES.alreadyVerified);
    await this.sendVerification(user, user.email, ctx);
    return { success: true, message: AUTH_MESSAGES.resendOk };
  }

  /** Confirms the address the token was issued for: the current one, or the new one of a change. */
  async verifyEmail(input: { token: string }): Promise<VerifyEmailResponse> {
    const row = await this.deps.repo.findEmailVerificationToken(hashLinkToken(input.token));
    if (!row || !this.isUsable(row)) throw errors.tokenInvalid();
    const user = await this.deps.repo.findUserById(row.userId);
    if (!user?.isActive) throw errors.tokenInvalid();
    const result = await this.deps.repo.completeEmailVerification({
      tokenId: row.id,
      userId: user.id,
      email: row.email,
      now: this.deps.clock.now(),
    });
    if (result === 'used') throw errors.tokenInvalid();
    if (result === 'email_taken') throw errors.emailTaken();
    await this.deps.notifications?.emailVerified(user.id);
    return { success: true, message: SERVER_MESSAGES.emailVerified, email_verified: true };
  }

  /** Sends the link that confirms `email` for `user` (after registering, or on request). */
  async sendVerification(user: UserRow, email: string, ctx: LinkContext): Promise<void> {
    const token = await this.issueVerificationToken(user.id, email);
    this.deps.mail.dispatch(verificationMail(ctx, email, user.name, token));
  }

  private async issueVerificationToken(userId: string, email: string): Promise<string> {
    const { token, tokenHash } = newLinkToken();
    await this.deps.repo.replaceEmailVerificationToken(
      { userId, tokenHash, email, expiresAt: this.expiresIn(EMAIL_VERIFICATION_TTL_S) },
      this.deps.clock.now(),
    );
    return token;
  }

  private expiresIn(seconds: number): Date {
    return new Date(this.deps.clock.now().getTime() + seconds * 1000);
  }

  private isUsable(token: { usedAt: Date | null; expiresAt: Date }): boolean {
    return token.usedAt === null && token.expiresAt.getTime() > this.deps.clock.now().getTime();
  }
}
