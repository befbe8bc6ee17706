import { describe, expect, it } from 'vitest';
import { type GuardInput, guardStep, isStaticAssetPath, safeRedirectPath } from './guardRules.ts';

const base: GuardInput = {
  pathname: '/',
  search: '',
  meta: {},
  hasToken: true,
  debugAccess: false,
  maintenance: false,
  firstNavigation: false,
  arrivedWithSession: true,
  lastVisitedPath: null,
};

describe('guardStep', () => {
  it('passes ordinary pages', () => {
    expect(guardStep({ ...base, pathname: '/profile' })).toEqual({ kind: 'pass' });
  });

  it('sends routes that need auth to / with redirect and authRequired when no token is stored', () => {
    const step = guardStep({
      ...base,
      pathname: '/vip',
      search: '?a=1',
      meta: { requiresAuth: true },
      hasToken: false,
    });
    expect(step).toEqual({ kind: 'redirect', to: '/?redirect=%2Fvip%3Fa%3D1&authRequired=true' });
    expect(guardStep({ ...base, pathname: '/vip', meta: { requiresAuth: true } })).toEqual({ kind: 'pass' });
  });

  it('sends a visitor who came with no session from the chat home: a new guest has no companion (000 §4)', () => {
    const arriving = { ...base, firstNavigation: true, arrivedWithSession: false };
    for (const pathname of ['/chat', '/chat/', '/chat/0b6f1c9e-1f1a-4d5e-9c57-3f2a1d7c9e11']) {
      expect(guardStep({ ...arriving, pathname })).toEqual({ kind: 'redirect', to: '/' });
      // With a session, or later in the visit (she may have a companion by then): the chat decides.
      expect(guardStep({ ...arriving, pathname, arrivedWithSession: true })).toEqual({ kind: 'pass' });
      expect(guardStep({ ...arriving, pathname, firstNavigation: false })).toEqual({ kind: 'pass' });
    }
    expect(guardStep({ ...arriving, pathname: '/chats' })).toEqual({ kind: 'pass' });
  });

  it('guards debug pages with the server-checked token and strips it', () => {
    expect(guardStep({ ...base, pathname: '/hell', meta: { debug: 'hell' } })).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(guardStep({ ...base, pathname: '/hell', meta: { debug: 'hell' }, debugAccess: true })).toEqual({
      kind: 'pass',
    });
    expect(
      guardStep({
        ...base,
        pathname: '/test/dialogs',
        search: '?token=s3cret&x=1',
        meta: { debug: 'dialogs' },
      }),
    ).toEqual({ kind: 'check-debug-token', token: 's3cret', cleanUrl: '/test/dialogs?x=1' });
  });

  it('lets static assets through whatever else holds', () => {
    expect(guardStep({ ...base, pathname: '/assets/index-abc.js', maintenance: true })).toEqual({
      kind: 'pass',
    });
    expect(isStaticAssetPath('/favicon.svg')).toBe(true);
    expect(isStaticAssetPath('/blog/my-post')).toBe(false);
  });

  it('sends everything to /maintenance while the API is under maintenance', () => {
    expect(guardStep({ ...base, pathname: '/profile', maintenance: true })).toEqual({
      kind: 'redirect',
      to: '/maintenance',
    });
    expect(guardStep({ ...base, pathname: '/maintenance', maintenance: true })).toEqual({ kind: 'pass' });
  });

  it('returns a visitor arriving at / to the chat they left, only on the first navigation', () => {
    const arriving = { ...base, firstNavigation: true, lastVisitedPath: '/chat/42' };
    expect(guardStep(arriving)).toEqual({ kind: 'redirect', to: '/chat/42' });
    expect(guardStep({ ...arriving, firstNavigation: false })).toEqual({ kind: 'pass' });
    expect(guardStep({ ...arriving, search: '?showPrivacy=true' })).toEqual({ kind: 'pass' });
    expect(guardStep({ ...arriving, lastVisitedPath: 'https://evil.example' })).toEqual({ kind: 'pass' });
  });
});

describe('safeRedirectPath', () => {
  it('follows only same-site paths', () => {
    expect(safeRedirectPath('/vip')).toBe('/vip');
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
  });
});
