import { GUEST_NAME, type RegisterInput, TERMS_VERSION } from '@podruga/shared';
import type { Clock } from '../../clock.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { errors } from '../../errors.ts';
import type { LinkContext } from '../../link-context.ts';
import type { Logger } from '../../logger.ts';
import type { AccountService } from './account.service.ts';
import type { AuthRepository } from './auth.repository.ts';
import { normalizeEmail } from './email.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { SessionClaims, SessionTokens } from './session-tokens.ts';
import type { GuestLimits, LoginThrottle } from './throttle.ts';

/** Called after a guest's companions moved into an account; the realtime layer tells the guest's sockets. */
export type GuestMigratedHook = (guestUserId: string, accountUserId: string) => void | Promise<void>;

export interface Session {
  user: UserRow;
  accessToken: string;
}

export interface AuthServiceDeps {
  repo: AuthRepository;
  sessions: SessionTokens;
  account: AccountService;
  clock: Clock;
  log: Logger;
  onGuestMigrated: GuestMigratedHook;
  loginThrottle: LoginThrottle;
  guestLimits: GuestLimits;
}

/** Where a request for a new guest comes from: its client address, and a token it held before, if any. */
export interface GuestRequest {
  address: string;
  /** A token this device held before (expired or revoked is fine): see `createGuest`. */
  previousToken?: string | undefined;
}

/** Turns a bearer token into its user (the HTTP hook, the socket's `authenticate`) or its claims. */
export interface SessionResolver {
  resolveSession(token: string): Promise<UserRow>;
  /** Signature and expiry only, for a caller that reads the user itself (and passes it to `sessionUser`). */
  claims(token: string): Promise<SessionClaims>;
}

/** The session's user, or the 401: unknown or retired users, and tokens from before a revocation. */
export function sessionUser(user: UserRow | undefined, claims: SessionClaims): UserRow {
  if (!user?.isActive) throw errors.unauthorized();
  if (user.tokenVersion !== claims.tokenVersion) throw errors.sessionExpired();
  return user;
}

/** Sessions: guests, login, registration, and turning a bearer token into its user. */
export class AuthService implements SessionResolver {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * A guest is a real user row with a token (DESIGN §5). A fresh visitor counts against the client
   * address (3 an hour); a device proving an earlier session with a token we signed (expired is
   * fine) gets its own guest back when that guest still exists, else a new guest counted against the
   * proven user instead of the address (docs/decisions/0005).
   */
  async createGuest(request: GuestRequest): Promise<Session> {
    const proof = request.previousToken ? await this.deps.sessions.verifyProof(request.previousToken) : null;
    if (proof) {
      const earlier = await this.deps.repo.findUserById(proof.userId);
      if (
        earlier?.isActive &&
        // A guest, or an anonymous buyer (Plus, no e-mail yet): it has no other way back in.
        (earlier.membershipType === 'guest' || earlier.email === null) &&
        earlier.tokenVersion === proof.tokenVersion
      ) {
        return this.session(earlier);
      }
      await this.deps.guestLimits.take({ subject: proof.userId });
    } else {
      await this.deps.guestLimits.take({ address: request.address });
    }
    return this.session(await this.deps.repo.insertGuest(GUEST_NAME));
  }

  /**
   * Logging out (000 §4) hands the device a new guest session, counted per account (by the route),
   * never against the address. A guest has nothing to log out of and keeps its own session, so
   * guests cannot chain logouts into new guests.
   */
  async logout(user: UserRow): Promise<Session> {
    // An anonymous buyer (Plus, no e-mail) could never come back to a paid account it left: kept too.
    if (user.membershipType === 'guest' || user.email === null) return this.session(user);
    return this.session(await this.deps.repo.insertGuest(GUEST_NAME));
  }

  /**
   * `current` is the session the request came with, if any. A guest logging in brings its companions
   * and chats along; the guest row is retired. Throttled per address by the route and per account
   * here (`LoginThrottle`): unknown addresses get the same answers and the same work. The form was
   * checked by the route's schema (`loginFormSchema`).
   */
  async login(input: { username: string; password: string }, current: UserRow | null): Promise<Session> {
    const email = normalizeEmail(input.username);
    const { loginThrottle } = this.deps;
    await loginThrottle.assertOpen(email);
    const user = await this.deps.repo.findUserByEmail(email);
    const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !passwordOk || !user.isActive) {
      await loginThrottle.failed(email);
      throw errors.invalidCredentials();
    }
    await loginThrottle.succeeded(email);
    if (current?.membershipType === 'guest') await this.mergeGuest(current.id, user.id);
    return this.session(user);
  }

  /**
   * Registering from a guest session upgrades that same user (same id, companions kept) and retires
   * the guest's token (token_version + 1: the answer carries the new one); otherwise a new account is
   * created. Either way a confirmation mail goes out. The form was checked by the route's schema
   * (`registerFormSchema`).
   */
  async register(input: RegisterInput, current: UserRow | null, ctx: LinkContext): Promise<Session> {
    const email = normalizeEmail(input.email);
    if (await this.deps.repo.findUserByEmail(email)) throw errors.emailTaken();
    const account = {
      name: input.name.trim(),
      email,
      passwordHash: await hashPassword(input.password),
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: this.deps.clock.now(),
    };
    // A guest, or an anonymous buyer whose row has Plus but no e-mail yet (002 §4): upgraded in place.
    const user =
      current && (current.membershipType === 'guest' || current.email === null)
        ? await this.deps.repo.upgradeGuest(current.id, account)
        : await this.deps.repo.insertAccount(account);
    // Undefined only when a concurrent registration took the address after the check above.
    if (!user) throw errors.emailTaken();
    await this.deps.account.sendVerification(user, email, ctx);
    return this.session(user);
  }

  /** The user behind a bearer token, or the 401 the client should get. */
  async resolveSession(token: string): Promise<UserRow> {
    const claims = await this.deps.sessions.verify(token);
    return sessionUser(await this.deps.repo.findUserById(claims.userId), claims);
  }

  /**
   * The token's claims (signature and expiry checked), for a caller that reads the user row itself in
   * a larger query; it must then pass the row through `sessionUser`.
   */
  claims(token: string): Promise<SessionClaims> {
    return this.deps.sessions.verify(token);
  }

  /** App start confirms the stored session; we note when the user was last seen. */
  async validate(user: UserRow): Promise<UserRow> {
    const now = this.deps.clock.now();
    await this.deps.repo.touchLastSeen(user.id, now);
    return { ...user, lastSeenAt: now };
  }

  private async mergeGuest(guestId: string, accountId: string): Promise<void> {
    await this.deps.repo.mergeGuestInto(guestId, accountId);
    try {
      await this.deps.onGuestMigrated(guestId, accountId);
    } catch (error) {
      // The merge is committed; a failed notification must not fail the login.
      this.deps.log.error({ err: error, guestId, accountId }, 'guest_migrated notification failed');
    }
  }

  private async session(user: UserRow): Promise<Session> {
    return { user, accessToken: await this.deps.sessions.issue(user) };
  }
}
