import { type AuthResponse, STORAGE_KEYS, type User } from '@podruga/shared';
import { create } from 'zustand';
import { isApiError } from '../../shared/api/index.ts';
import { authApi } from './api.ts';
import { useAnonymousLimitDialog } from './dialogStore.ts';
import { isTokenFresh } from './jwt.ts';
import { clearLocalData, readCachedUser, readToken, writeCachedUser, writeToken } from './persist.ts';

export interface AuthState {
  token: string | null;
  user: User | null;
  isAuthenticated: boolean;
  isInitialized: boolean;
}

export class AuthFailedError extends Error {
  constructor() {
    super('auth response without a token');
    this.name = 'AuthFailedError';
  }
}

const signedOut = { token: null, user: null, isAuthenticated: false } as const;

/** The session (000 §3 "Auth session"): token, user, isAuthenticated, isInitialized. */
export const useAuth = create<AuthState>(() => ({ ...signedOut, isInitialized: false }));

/**
 * A guest session, or an account with no e-mail: a guest who paid from her session (002 §4 guest
 * purchase) is Plus but still has no way in from another device, so she is offered to register, which
 * keeps her access (decision 0020).
 */
const selectIsGuest = (s: AuthState): boolean => s.user?.membership_type === 'guest' || !s.user?.email;
/** Signed in with a real account (an e-mail), not a guest. */
export const selectIsMember = (s: AuthState): boolean => s.isAuthenticated && !!s.user && !selectIsGuest(s);

function setSession(token: string, user: User): void {
  writeCachedUser(user);
  useAuth.setState({ token, user, isAuthenticated: true });
}

/** A brand-new guest's user, built from the anonymous answer (it has nothing else yet). */
function guestUser(auth: AuthResponse): User {
  return {
    id: auth.user_id,
    name: auth.name,
    email: null,
    membership_type: auth.membership_type,
    membership_expiry: auth.membership_expiry,
    vip_expiry: null,
    email_verified: auth.email_verified,
    is_pwa_user: false,
    first_chat: true,
    is_active: true,
    adult_confirmed: false,
    created_at: new Date().toISOString(),
  };
}

export type GuestResult = 'ok' | 'anonymous_limit' | 'failed';

function adoptGuest(auth: AuthResponse): void {
  writeToken(auth.access_token, true);
  setSession(auth.access_token, guestUser(auth));
}

/**
 * Creates a guest session. `previousToken`, the token this device held before, spares a returning
 * device the anonymous-session limit (its own guest comes back when it still exists). On failure the
 * app goes on in limited mode, unauthenticated (000 §4); the caller decides whether to tell the user.
 */
async function startGuest(previousToken?: string | null): Promise<GuestResult> {
  try {
    const auth = await authApi.anonymous(previousToken);
    if (!auth) throw new AuthFailedError();
    adoptGuest(auth);
    return 'ok';
  } catch (error) {
    useAuth.setState(signedOut);
    if (isApiError(error) && error.status === 429) return 'anonymous_limit';
    return 'failed';
  }
}

/** After login or register: keep the token, then fetch the full user (the answer lacks some fields). */
async function adopt(auth: AuthResponse, remember: boolean): Promise<void> {
  writeToken(auth.access_token, remember);
  useAuth.setState({ token: auth.access_token, isAuthenticated: true });
  try {
    const { user } = await authApi.validate();
    setSession(auth.access_token, user);
  } catch {
    const previous = useAuth.getState().user;
    setSession(auth.access_token, {
      ...guestUser(auth),
      email: previous?.email ?? null,
      adult_confirmed: previous?.adult_confirmed ?? false,
    });
  }
}

async function bootstrap(): Promise<void> {
  watchOtherTabs();
  const token = readToken();
  if (token && isTokenFresh(token, Date.now())) {
    useAuth.setState({ token, user: readCachedUser(), isAuthenticated: true });
    try {
      const { user } = await authApi.validate();
      setSession(token, user);
      return;
    } catch (error) {
      // Only a token the server rejected is dropped; an unreachable server keeps the cached session.
      const rejected = isApiError(error) && (error.status === 401 || error.status === 403);
      if (!rejected && readCachedUser()) return;
    }
  }
  clearLocalData();
  useAuth.setState(signedOut);
  // An expired or refused token still proves this device's earlier session.
  await startGuest(token);
}

let watching = false;

/**
 * Tabs share localStorage: when another tab signs in, registers or signs out, this tab takes the new
 * session too (its socket and its requests then carry the same token).
 */
function watchOtherTabs(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.authToken || !event.newValue) return;
    if (event.newValue === useAuth.getState().token) return;
    useAuth.setState({ token: event.newValue, user: readCachedUser(), isAuthenticated: true });
    void authActions.refreshUser().catch(() => {});
  });
}

let initializing: Promise<void> | null = null;

export const authActions = {
  /** Session bootstrap (000 §4); idempotent, the router guard and the app start both await it. */
  initialize(): Promise<void> {
    initializing ??= bootstrap().finally(() => useAuth.setState({ isInitialized: true }));
    return initializing;
  },

  /** POST /api/auth/token with the current guest token, so the server moves the guest's companions. */
  async login(input: { email: string; password: string; remember: boolean }): Promise<void> {
    const auth = await authApi.login(input.email.trim(), input.password);
    if (!auth) throw new AuthFailedError();
    await adopt(auth, input.remember);
  },

  /** POST /api/auth/register with the current guest token: the server upgrades that guest in place. */
  async register(input: { name: string; email: string; password: string }): Promise<void> {
    const auth = await authApi.register({
      name: input.name.trim(),
      email: input.email.trim(),
      password: input.password,
    });
    if (!auth) throw new AuthFailedError();
    await adopt(auth, true);
  },

  /**
   * 000 §4: clears local data (dark mode kept) and starts a new guest session. The server hands out
   * that guest as the logout's answer, never counted against the address's anonymous-session limit;
   * if that call fails, the old token proves the device to /anonymous.
   */
  async logout(): Promise<void> {
    const previous = readToken();
    let auth: AuthResponse | null = null;
    if (previous) auth = await authApi.logout().catch(() => null);
    clearLocalData();
    useAuth.setState(signedOut);
    if (auth) {
      adoptGuest(auth);
      return;
    }
    const result = await startGuest(previous);
    if (result === 'anonymous_limit') useAnonymousLimitDialog.getState().open();
  },

  /**
   * For explicit actions (creating a companion…): makes sure a session exists, creating a guest when
   * needed; a 429 opens the "Лимит анонимных сессий" dialog. Resolves to whether a session exists.
   */
  async ensureSession(): Promise<boolean> {
    if (useAuth.getState().token) return true;
    const result = await startGuest();
    if (result === 'anonymous_limit') useAnonymousLimitDialog.getState().open();
    return result === 'ok';
  },

  /**
   * The API client's 401 rule: drop the rejected session, create a guest (the rejected token proves
   * the device), hand back its token.
   */
  async recoverWithGuest(rejectedToken: string | null = readToken()): Promise<string | null> {
    clearLocalData();
    useAuth.setState(signedOut);
    const result = await startGuest(rejectedToken);
    return result === 'ok' ? useAuth.getState().token : null;
  },

  async refreshUser(): Promise<void> {
    const { token } = useAuth.getState();
    if (!token) return;
    const { user } = await authApi.validate();
    setSession(token, user);
  },

  /** Remembers the adult confirmation on the user (the device keeps its own flag). */
  async confirmAdult(): Promise<void> {
    const { token, user } = useAuth.getState();
    if (!token || !user || user.adult_confirmed) return;
    await authApi.confirmAdult();
    const latest = useAuth.getState();
    if (latest.user && latest.token === token) setSession(token, { ...latest.user, adult_confirmed: true });
  },

  /** /hell: forget the stored session on this device without creating a new one. */
  forgetSession(): void {
    clearLocalData();
    useAuth.setState(signedOut);
  },
};
