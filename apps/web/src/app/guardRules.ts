import type { RouteMeta } from './routeMeta.ts';

export interface GuardInput {
  pathname: string;
  /** The query string, with its leading "?" or empty. */
  search: string;
  meta: RouteMeta;
  /** An auth token is stored (guests have one too). */
  hasToken: boolean;
  /** Debug access was granted in this tab and has not expired. */
  debugAccess: boolean;
  /** The API said it is under maintenance. */
  maintenance: boolean;
  /** The very first navigation of this page load. */
  firstNavigation: boolean;
  /**
   * A session was stored when the page was opened, before the app created a guest for a visitor who
   * had none (read once at start).
   */
  arrivedWithSession: boolean;
  /** `lastVisitedPath` saved by the chat layout. */
  lastVisitedPath: string | null;
}

export type GuardStep =
  | { kind: 'pass' }
  | { kind: 'redirect'; to: string }
  /** Ask the server whether the token opens debug pages; on yes go to `cleanUrl` (token stripped). */
  | { kind: 'check-debug-token'; token: string; cleanUrl: string };

const STATIC_PREFIXES = ['/assets/', '/api/', '/socket.io/', '/media/'];
const STATIC_FILE =
  /\.(?:js|mjs|css|map|json|webmanifest|txt|xml|ico|png|jpe?g|gif|webp|avif|svg|woff2?|ttf|mp3|mp4|webm|wav)$/i;

/** Static assets pass the guard untouched (002 §2 guard rule 3). */
export function isStaticAssetPath(pathname: string): boolean {
  return STATIC_PREFIXES.some((p) => pathname.startsWith(p)) || STATIC_FILE.test(pathname);
}

/** Only same-site paths are followed after sign-in (never `//host` or `https://…`). */
export function safeRedirectPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

function authRequiredUrl(pathWithSearch: string): string {
  return `/?${new URLSearchParams({ redirect: pathWithSearch, authRequired: 'true' }).toString()}`;
}

const CHAT_PATH = /^\/chat(?:\/|$)/;

/** The router guard of 002 §2 as a pure decision; `guard.ts` performs its side effects. */
export function guardStep(input: GuardInput): GuardStep {
  const { pathname, search, meta } = input;
  if (isStaticAssetPath(pathname)) return { kind: 'pass' };
  if (input.maintenance && pathname !== '/maintenance') return { kind: 'redirect', to: '/maintenance' };

  if (meta.debug) {
    const params = new URLSearchParams(search);
    const token = params.get('token');
    if (token) {
      params.delete('token');
      const rest = params.toString();
      return { kind: 'check-debug-token', token, cleanUrl: rest ? `${pathname}?${rest}` : pathname };
    }
    return input.debugAccess ? { kind: 'pass' } : { kind: 'redirect', to: '/' };
  }

  if (meta.requiresAuth && !input.hasToken)
    return { kind: 'redirect', to: authRequiredUrl(pathname + search) };

  // 000 §4 "Chat initialisation": a guest without a companion is sent home. A visitor who opened the app
  // with no session is a new guest, who has none: home at once, without loading the chat to find out.
  if (input.firstNavigation && !input.arrivedWithSession && CHAT_PATH.test(pathname)) {
    return { kind: 'redirect', to: '/' };
  }

  // 002 §2 "/": a signed-in visitor arriving at home goes back to the chat they left.
  if (
    input.firstNavigation &&
    pathname === '/' &&
    !search &&
    input.hasToken &&
    input.lastVisitedPath?.startsWith('/chat')
  ) {
    return { kind: 'redirect', to: input.lastVisitedPath };
  }
  return { kind: 'pass' };
}
