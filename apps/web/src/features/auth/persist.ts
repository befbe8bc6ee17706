import { MEMBERSHIP_TYPES, STORAGE_KEYS, type User } from '@podruga/shared';
import { local, readJson, type SafeStorage, session } from '../../shared/storage.ts';

/**
 * Where the session lives: localStorage normally, sessionStorage when "Запомнить меня" was unticked (the
 * token then dies with the tab). The cached user follows its token.
 */
function tokenHome(): SafeStorage | null {
  if (local.get(STORAGE_KEYS.authToken)) return local;
  if (session.get(STORAGE_KEYS.authToken)) return session;
  return null;
}

export function readToken(): string | null {
  return local.get(STORAGE_KEYS.authToken) ?? session.get(STORAGE_KEYS.authToken);
}

export function writeToken(token: string, remember: boolean): void {
  const [keep, drop] = remember ? [local, session] : [session, local];
  keep.set(STORAGE_KEYS.authToken, token);
  drop.remove(STORAGE_KEYS.authToken);
  drop.remove(STORAGE_KEYS.userCache);
}

export function readCachedUser(): User | null {
  const home = tokenHome();
  if (!home) return null;
  const cached = readJson(home, STORAGE_KEYS.userCache);
  return looksLikeUser(cached) ? cached : null;
}

/**
 * A light check of what we cached ourselves (the server re-validates it at start). Runtime zod parsing
 * would add ~25 KB gzip to the first page (DESIGN §8), so the client relies on the shared types.
 */
function looksLikeUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name, membership_type } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof name === 'string' &&
    (MEMBERSHIP_TYPES as readonly unknown[]).includes(membership_type)
  );
}

export function writeCachedUser(user: User): void {
  (tokenHome() ?? local).set(STORAGE_KEYS.userCache, JSON.stringify(user));
}

/** Device settings that survive a logout (000 §4 keeps the dark mode; the age answer and the install are the device's). */
const KEPT_ON_LOGOUT: readonly string[] = [
  STORAGE_KEYS.darkMode,
  STORAGE_KEYS.adultConfirmed,
  // The app is installed on this device whoever is signed in (001 §4 "App installation").
  STORAGE_KEYS.installedPwa,
  STORAGE_KEYS.isPwa,
  STORAGE_KEYS.pwaPushPrompted,
];

/** Clears the local data of the session (000 §4): everything but the device settings. */
export function clearLocalData(): void {
  for (const key of local.keys()) if (!KEPT_ON_LOGOUT.includes(key)) local.remove(key);
  session.remove(STORAGE_KEYS.authToken);
  session.remove(STORAGE_KEYS.userCache);
}
