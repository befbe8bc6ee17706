import { SESSION_KEYS, STORAGE_KEYS } from '@podruga/shared';
import { matchRoutes, type RouteObject } from 'react-router';
import { authActions } from '../features/auth/store.ts';
import { hasDebugAccess, rememberDebugAccess, requestDebugAccess } from '../features/debug/api.ts';
import { local, readJson, session } from '../shared/storage.ts';
import { guardStep, isStaticAssetPath } from './guardRules.ts';
import { isMaintenance } from './navigation.ts';
import { countRedirect, parseRedirectLoopState } from './redirectLoop.ts';
import { isRouteMeta, type RouteMeta } from './routeMeta.ts';

/** The route's meta: every match's `handle` merged, the deepest winning (title, width, auth, debug). */
export function metaFor(routes: RouteObject[], pathname: string): RouteMeta {
  const matches = matchRoutes(routes, pathname) ?? [];
  const meta: RouteMeta = {};
  for (const match of matches) if (isRouteMeta(match.route.handle)) Object.assign(meta, match.route.handle);
  return meta;
}

function hasStoredToken(): boolean {
  return !!(local.get(STORAGE_KEYS.authToken) ?? session.get(STORAGE_KEYS.authToken));
}

/** Rule 4: more than REDIRECT_LOOP_MAX redirects in the window and the guard lets the navigation through. */
function loopSafeRedirect(to: string): string | null {
  const verdict = countRedirect(
    parseRedirectLoopState(readJson(session, SESSION_KEYS.routerRedirectCount)),
    Date.now(),
  );
  session.set(SESSION_KEYS.routerRedirectCount, JSON.stringify(verdict.state));
  if (verdict.allowed) return to;
  console.warn(`Router: redirect loop broken (to ${to})`);
  return null;
}

/**
 * The router guard (002 §2), run before every navigation is shown (app/RouterRoot.tsx): auth first, debug
 * pages by server-checked token, static assets pass, loop breaker, auth-only routes. Answers where to go
 * instead, or null to show the page.
 */
/**
 * Whether a session was stored when the page was opened: read when this module is evaluated, before the
 * app's start (boot.ts) creates a guest for a visitor who had none.
 */
const ARRIVED_WITH_SESSION = hasStoredToken();

export function createGuard(getRoutes: () => RouteObject[]) {
  return async function guard(url: URL, firstNavigation: boolean): Promise<string | null> {
    if (isStaticAssetPath(url.pathname)) return null;
    const meta = metaFor(getRoutes(), url.pathname);
    // Rule 5 asks about the token stored when the visitor arrived: the guest session that rule 1 creates
    // for a visitor without one does not open an auth-only page reached from outside. The start creates
    // that guest while the first page loads, so on the first navigation the token may already be there:
    // that navigation is judged by what the page was opened with.
    const hadToken = firstNavigation ? ARRIVED_WITH_SESSION : hasStoredToken();
    if (!meta.skipAuth) await authActions.initialize();

    const step = guardStep({
      pathname: url.pathname,
      search: url.search,
      meta,
      hasToken: hadToken,
      debugAccess: hasDebugAccess(Date.now()),
      maintenance: isMaintenance(),
      firstNavigation,
      arrivedWithSession: ARRIVED_WITH_SESSION,
      lastVisitedPath: local.get(STORAGE_KEYS.lastVisitedPath),
    });

    if (step.kind === 'check-debug-token') {
      const allowed = await requestDebugAccess(step.token);
      if (!allowed) return '/';
      rememberDebugAccess(Date.now());
      return loopSafeRedirect(step.cleanUrl);
    }
    if (step.kind === 'redirect') {
      // A debug page refused is never let through, even by the loop breaker ('/' itself always passes).
      if (meta.debug) return step.to;
      return loopSafeRedirect(step.to);
    }

    // /hell clears the stored auth token and the session data on entry (002 §4).
    if (meta.debug === 'hell') authActions.forgetSession();
    return null;
  };
}
