import { STORAGE_KEYS } from '@podruga/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A Web Storage in memory (the web tests run in node). */
class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

/** A readable JWT (the client only reads `exp`; the server checks signatures). */
function jwt(name: string, expInS: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: name, exp: Math.floor(Date.now() / 1000) + expInS })}.sig`;
}

const guestAnswer = (token: string) => ({
  access_token: token,
  user_id: `id-${token.slice(-6)}`,
  name: 'Гость',
  membership_type: 'guest',
  membership_expiry: null,
  email_verified: false,
});

interface Call {
  path: string;
  token: string | null;
  body: unknown;
}

/** The auth store wired to a fake API, fresh for each test (its start-up is memoised per module). */
async function setup(routes: Record<string, (call: Call) => Response | Promise<Response>>) {
  vi.resetModules();
  const calls: Call[] = [];
  const { api } = await import('../../shared/api/index.ts');
  const persist = await import('./persist.ts');
  const store = await import('./store.ts');
  api.configure({
    getToken: persist.readToken,
    recoverSession: (rejected) => store.authActions.recoverWithGuest(rejected),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const call: Call = {
        path,
        token: headers.Authorization?.replace('Bearer ', '') ?? null,
        body:
          typeof init?.body === 'string' && init.body.startsWith('{') ? JSON.parse(init.body) : init?.body,
      };
      calls.push(call);
      const route = routes[path];
      if (!route) return Response.json({ detail: 'Не найдено', code: 'not_found' }, { status: 404 });
      return route(call);
    }) as typeof fetch,
  });
  return { calls, store, persist };
}

const refused = () =>
  Response.json({ detail: 'Требуется авторизация', code: 'unauthorized' }, { status: 401 });
const limit = () =>
  Response.json({ detail: 'Превышен лимит анонимных сессий', code: 'anonymous_limit' }, { status: 429 });

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});

describe('logout (000 §4)', () => {
  it('takes the guest the server hands out with the logout, never asks /anonymous, keeps dark mode', async () => {
    const member = jwt('member', 3600);
    const next = jwt('guest-next', 3600);
    const { calls, store, persist } = await setup({
      '/api/auth/logout': () => Response.json(guestAnswer(next)),
      '/api/auth/anonymous': limit,
    });
    localStorage.setItem(STORAGE_KEYS.authToken, member);
    localStorage.setItem(STORAGE_KEYS.darkMode, 'true');
    localStorage.setItem('currentChatId', 'chat-1');
    store.useAuth.setState({ token: member, isAuthenticated: true });

    await store.authActions.logout();

    expect(calls.map((c) => [c.path, c.token])).toEqual([['/api/auth/logout', member]]);
    expect(persist.readToken()).toBe(next);
    expect(localStorage.getItem(STORAGE_KEYS.darkMode)).toBe('true');
    expect(localStorage.getItem('currentChatId')).toBeNull();
    expect(store.useAuth.getState()).toMatchObject({ token: next, isAuthenticated: true });
    expect(store.useAuth.getState().user?.membership_type).toBe('guest');
  });

  it('when the logout call fails, the old token proves the device to /anonymous', async () => {
    const member = jwt('member', 3600);
    const next = jwt('guest-next', 3600);
    const { calls, store, persist } = await setup({
      '/api/auth/logout': () => Response.json({ detail: 'Ошибка', code: 'internal' }, { status: 500 }),
      '/api/auth/anonymous': () => Response.json(guestAnswer(next)),
    });
    localStorage.setItem(STORAGE_KEYS.authToken, member);

    await store.authActions.logout();

    expect(calls.at(-1)).toMatchObject({ path: '/api/auth/anonymous', body: { previous_token: member } });
    expect(persist.readToken()).toBe(next);
  });
});

describe('app start', () => {
  it('an expired token is not validated, but proves the device when the guest is created', async () => {
    const old = jwt('old', -3600);
    const next = jwt('guest-back', 3600);
    const { calls, store } = await setup({ '/api/auth/anonymous': () => Response.json(guestAnswer(next)) });
    localStorage.setItem(STORAGE_KEYS.authToken, old);
    await store.authActions.initialize();
    expect(calls).toEqual([{ path: '/api/auth/anonymous', token: null, body: { previous_token: old } }]);
    expect(store.useAuth.getState().token).toBe(next);
  });

  it('a token the server refuses proves the device too; a first visit sends no proof', async () => {
    const refusedToken = jwt('revoked', 3600);
    const next = jwt('guest-new', 3600);
    const first = await setup({
      '/api/auth/validate': refused,
      '/api/auth/anonymous': () => Response.json(guestAnswer(next)),
    });
    localStorage.setItem(STORAGE_KEYS.authToken, refusedToken);
    await first.store.authActions.initialize();
    expect(first.calls.map((c) => c.path)).toEqual(['/api/auth/validate', '/api/auth/anonymous']);
    expect(first.calls[1]?.body).toEqual({ previous_token: refusedToken });

    localStorage.clear();
    const second = await setup({ '/api/auth/anonymous': () => Response.json(guestAnswer(next)) });
    await second.store.authActions.initialize();
    expect(second.calls).toEqual([{ path: '/api/auth/anonymous', token: null, body: undefined }]);
  });

  it('a 401 on any call hands the refused token to the new guest request', async () => {
    const revoked = jwt('revoked', 3600);
    const next = jwt('guest-new', 3600);
    const { calls, store } = await setup({
      '/api/characters/': (call) => (call.token === next ? Response.json([]) : refused()),
      '/api/auth/anonymous': () => Response.json(guestAnswer(next)),
    });
    localStorage.setItem(STORAGE_KEYS.authToken, revoked);
    const { api } = await import('../../shared/api/index.ts');
    await expect(api.get('/api/characters/')).resolves.toEqual([]);
    expect(calls.find((c) => c.path === '/api/auth/anonymous')?.body).toEqual({ previous_token: revoked });
    expect(store.useAuth.getState().token).toBe(next);
  });
});

describe('register', () => {
  it('stores the token the registration answers with (the guest token is retired by the server)', async () => {
    const guestToken = jwt('guest', 3600);
    const member = jwt('member', 3600);
    const { calls, store, persist } = await setup({
      '/api/auth/register': () => Response.json({ ...guestAnswer(member), membership_type: 'free' }),
      '/api/auth/validate': (call) =>
        call.token === member
          ? Response.json({
              valid: true,
              user: { ...guestAnswer(member), id: 'id', membership_type: 'free', email: 'a@b.ru' },
            })
          : refused(),
    });
    localStorage.setItem(STORAGE_KEYS.authToken, guestToken);
    await store.authActions.register({ name: 'Анна', email: 'a@b.ru', password: 'secret123' });
    expect(calls[0]).toMatchObject({ path: '/api/auth/register', token: guestToken });
    expect(persist.readToken()).toBe(member);
    expect(store.useAuth.getState()).toMatchObject({ token: member });
    expect(store.useAuth.getState().user?.membership_type).toBe('free');
  });
});
