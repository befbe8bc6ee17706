import { ACCESS_TOKEN_TTL_S } from '@podruga/shared';
import { type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock.ts';
import { errors } from '../../errors.ts';

/** How many checked tokens are remembered; the map starts over when full. */
const VERIFIED_CACHE_SIZE = 10_000;

export interface SessionClaims {
  userId: string;
  tokenVersion: number;
}

/**
 * Bearer tokens: HS256 JWTs with `sub` (user id), `tv` (the user's token_version, so bumping it ends
 * every session) and `exp`, which the client reads to renew early.
 */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(user: { id: string; tokenVersion: number }): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ tv: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_TTL_S)
      .sign(this.key);
  }

  /**
   * Tokens whose signature was checked, with their expiry: a socket presents the same token with
   * every message, and checking an HMAC through WebCrypto costs a trip to the thread pool each time.
   * Expiry is still checked against the clock on every call.
   */
  private readonly verified = new Map<string, SessionClaims & { expiresAtMs: number }>();

  /** Throws the 401 the client should see: expired, or simply not ours. */
  async verify(token: string): Promise<SessionClaims> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > this.clock.now().getTime()) {
        return { userId: known.userId, tokenVersion: known.tokenVersion };
      }
      this.verified.delete(token);
    }
    const claims = await this.verifySignature(token);
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
    this.verified.set(token, claims);
    return { userId: claims.userId, tokenVersion: claims.tokenVersion };
  }

  /**
   * The claims of a token we signed, expired or not: proof that this device held that session (the
   * anonymous route's returning-device rule). Null for anything we did not sign.
   */
  async verifyProof(token: string): Promise<SessionClaims | null> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      // jose checks the signature before the claims: an expired token's payload is authentic.
      if (!(error instanceof joseErrors.JWTExpired)) return null;
      payload = error.payload;
    }
    const { sub, tv } = payload;
    return typeof sub === 'string' && typeof tv === 'number' ? { userId: sub, tokenVersion: tv } : null;
  }

  private async verifySignature(token: string): Promise<SessionClaims & { expiresAtMs: number }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || !payload.exp) {
        throw errors.unauthorized();
      }
      return { userId: payload.sub, tokenVersion: payload.tv, expiresAtMs: payload.exp * 1000 };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw errors.sessionExpired();
      throw errors.unauthorized();
    }
  }
}
