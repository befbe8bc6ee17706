import { ACCESS_TOKEN_TTL_S } from '@podruga/shared';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock.ts';
import { errors } from '../../errors.ts';

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

  /** Throws the 401 the client should see: expired, or simply not ours. */
  async verify(token: string): Promise<SessionClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') throw errors.unauthorized();
      return { userId: payload.sub, tokenVersion: payload.tv };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw errors.sessionExpired();
      throw errors.unauthorized();
    }
  }
}
