import { SERVER_MESSAGES } from '@podruga/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { UserRow } from '../db/schema/index.ts';
import { AppError, errors } from '../errors.ts';
import type { SessionResolver } from '../modules/auth/auth.service.ts';
import { tierOf } from '../modules/limits/limits.service.ts';

/**
 * Who may call a route, declared in its options (`config: { access }`) and enforced here, before its
 * schema is checked:
 * - `public`: anyone, no session read (a handler that wants the caller's session, if any, asks
 *   `optionalUser`);
 * - `guest`: any session, a guest's included;
 * - `registered`: an account (a guest gets 403 «Сначала создайте аккаунт»);
 * - `plus`: an account with active Plus (403 `plus_required` otherwise).
 * Whose resource an id names is not an access level: the services refuse others' ids (404, or 403 for a
 * chat's messages). docs/decisions/0012.
 */
export const ACCESS_LEVELS = ['public', 'guest', 'registered', 'plus'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** What an /api route gets when it declares nothing (the app refuses to start before that happens). */
const DEFAULT_ACCESS: Access = 'guest';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: see `ACCESS_LEVELS`. */
    access?: Access;
    /** The 401 text when no session is sent, if the spec gives the route its own (voice messages). */
    unauthorized?: string;
    /**
     * The route's own refusals, where the spec gives it its own (creation by likeness, 000 §5): a guest
     * session on a `registered` or `plus` route, an account without active Plus on a `plus` route.
     */
    refuse?: { guest?: () => AppError; plus?: () => AppError };
    /** The route gives the device's affiliate touch to the account first (payments, issue 16). */
    affiliateTouch?: boolean;
  }
  interface FastifyRequest {
    /** The session's user on a route that needs one (set before validation); null elsewhere. */
    user: UserRow | null;
  }
}

/** The caller's session on a public route that behaves differently for a signed-in caller. */
export type OptionalUser = (request: FastifyRequest) => Promise<UserRow | null>;

/** Routes under /api must declare their access; others (media, the web app) are public unless they do. */
function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The access a registered route ends up with: its declaration, else the default for /api, else public. */
export function accessOf(url: string, config: { access?: unknown } | undefined): Access {
  const declared = config?.access;
  if ((ACCESS_LEVELS as readonly unknown[]).includes(declared)) return declared as Access;
  return isApiUrl(url) ? DEFAULT_ACCESS : 'public';
}

/**
 * Deny by default: every /api route needs a session unless it declares otherwise, and an /api route
 * that declares nothing (or an unknown level) stops the app at start-up, so nobody gets the default by
 * accident. Runs as a preValidation hook: after the rate limits keyed by address and the input guard,
 * before the route's schema (a caller without the right session learns nothing about the body
 * rules) and before the per-user rate limits, which read `request.user`.
 */
export function registerAuth(
  app: FastifyInstance,
  resolver: Pick<SessionResolver, 'resolveSession'>,
  clock: Clock,
): OptionalUser {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url)) return;
    const declared = route.config?.access;
    if (!(ACCESS_LEVELS as readonly unknown[]).includes(declared)) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(
        `${methods} ${route.url}: declare who may call it, config: { access: ${ACCESS_LEVELS.map((a) => `'${a}'`).join(' | ')} } (plugins/auth.ts)`,
      );
    }
  });

  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined) return; // no route: the 404/405 answer
    const access = accessOf(url, request.routeOptions.config);
    if (access === 'public') return;
    const token = bearerToken(request);
    if (!token) {
      const text = request.routeOptions.config.unauthorized;
      throw text ? new AppError(401, 'unauthorized', text) : errors.unauthorized();
    }
    const user = await resolver.resolveSession(token);
    if (access !== 'guest') {
      const { refuse } = request.routeOptions.config;
      if (user.membershipType === 'guest') {
        throw refuse?.guest?.() ?? errors.forbidden(SERVER_MESSAGES.guestNotAllowed);
      }
      if (access === 'plus' && !['plus', 'vip'].includes(tierOf(user, clock.now()))) {
        throw refuse?.plus?.() ?? errors.plusRequired();
      }
    }
    request.user = user;
  });

  return async (request) => {
    const token = bearerToken(request);
    if (!token) return null;
    try {
      return await resolver.resolveSession(token);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  };
}

/** The session user on a route whose access is not `public`. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw errors.unauthorized();
  return request.user;
}
