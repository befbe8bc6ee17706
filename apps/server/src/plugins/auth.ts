import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/index.ts';
import { AppError, errors } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` on routes that need a session. */
    user: UserRow | null;
  }
}

export interface SessionResolver {
  resolveSession(token: string): Promise<UserRow>;
}

export interface AuthHooks {
  /** preHandler: a valid session or 401; the user lands on `request.user`. */
  requireUser(request: FastifyRequest): Promise<void>;
  /** The session's user when the request carries a valid token, else null; never a 401. */
  optionalUser(request: FastifyRequest): Promise<UserRow | null>;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** Bearer token -> user, as route hooks. The token's rules live in the resolver (the auth service). */
export function registerAuth(app: FastifyInstance, resolver: SessionResolver): AuthHooks {
  app.decorateRequest('user', null);
  return {
    async requireUser(request) {
      const token = bearerToken(request);
      if (!token) throw errors.unauthorized();
      request.user = await resolver.resolveSession(token);
    },
    async optionalUser(request) {
      const token = bearerToken(request);
      if (!token) return null;
      try {
        return await resolver.resolveSession(token);
      } catch (error) {
        if (error instanceof AppError) return null;
        throw error;
      }
    },
  };
}

/** The session user on a route guarded by `requireUser`. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw errors.unauthorized();
  return request.user;
}
