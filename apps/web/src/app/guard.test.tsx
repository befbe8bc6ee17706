import { STORAGE_KEYS } from '@podruga/shared';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The start's guest: `initialize` stores a token, as the app's start does for a visitor who had none.
vi.mock('../features/auth/store.ts', () => ({
  authActions: {
    initialize: vi.fn(async () => localStorage.setItem('auth_token', 'guest-token')),
    forgetSession: vi.fn(),
  },
}));

const routes: RouteObject[] = [
  { path: '/', handle: {} },
  { path: '/vip', handle: { requiresAuth: true } },
];

/** guard.ts read afresh: it notes at load whether the page was opened with a session. */
async function freshGuard() {
  vi.resetModules();
  const { createGuard } = await import('./guard.ts');
  return createGuard(() => routes);
}

describe('the router guard, rule 5 (002 §2)', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('sends a visitor who arrived with no session home from an auth-only page, though the start has just stored a guest', async () => {
    const guard = await freshGuard();
    // The guest is stored before the guard reads the storage: the first navigation still counts as none.
    localStorage.setItem(STORAGE_KEYS.authToken, 'guest-token');
    expect(await guard(new URL('http://app.test/vip'), true)).toBe('/?redirect=%2Fvip&authRequired=true');
  });

  it('lets the page through for a visitor who arrived with a session', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'kept-token');
    const guard = await freshGuard();
    expect(await guard(new URL('http://app.test/vip'), true)).toBeNull();
  });

  it('judges later navigations by the session stored now', async () => {
    const guard = await freshGuard();
    localStorage.setItem(STORAGE_KEYS.authToken, 'guest-token');
    expect(await guard(new URL('http://app.test/vip'), false)).toBeNull();
  });
});
