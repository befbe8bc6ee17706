import { NETWORK_ERROR } from '@podruga/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiClient, type ApiClientDeps } from './ApiClient.ts';
import { ApiError } from './ApiError.ts';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake API: `/api/data` answers 200 only to the token it considers valid. */
function fakeServer() {
  let validToken = 'guest-2';
  const seen: { path: string; token: string | null }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const token = headers.Authorization?.replace('Bearer ', '') ?? null;
    seen.push({ path, token });
    await new Promise((r) => setTimeout(r, 5));
    if (path.startsWith('/api/auth/'))
      return json(401, { detail: 'Неверная эл. почта или пароль', code: 'invalid_credentials' });
    if (path === '/api/maintenance') return json(503, { detail: 'Обновляемся', code: 'maintenance' });
    if (token !== validToken) return json(401, { detail: 'Требуется авторизация', code: 'unauthorized' });
    return json(200, { ok: true, path });
  });
  return {
    fetchFn,
    seen,
    setValid: (t: string) => {
      validToken = t;
    },
  };
}

function makeClient(overrides: Partial<ApiClientDeps> = {}) {
  const server = fakeServer();
  let token: string | null = 'expired-1';
  const recoverSession = vi.fn(async () => {
    await new Promise((r) => setTimeout(r, 20));
    token = 'guest-2';
    return token;
  });
  const onMaintenance = vi.fn();
  const client = new ApiClient({
    fetch: server.fetchFn as unknown as typeof fetch,
    getToken: () => token,
    recoverSession,
    onMaintenance,
    timeoutMs: 1_000,
    ...overrides,
  });
  return { client, server, recoverSession, onMaintenance, getToken: () => token };
}

describe('ApiClient 401 → guest → retry', () => {
  it('creates ONE guest for concurrent 401s and retries every request with its token', async () => {
    const { client, server, recoverSession } = makeClient();
    const results = await Promise.all([
      client.get<{ path: string }>('/api/a'),
      client.get<{ path: string }>('/api/b'),
      client.get<{ path: string }>('/api/c'),
    ]);
    expect(results.map((r) => r.path)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(recoverSession).toHaveBeenCalledTimes(1);
    const retries = server.seen.filter((s) => s.token === 'guest-2').map((s) => s.path);
    expect(retries.sort()).toEqual(['/api/a', '/api/b', '/api/c']);
  });

  it('queues a request that starts while the guest is being created', async () => {
    const { client, server, recoverSession } = makeClient();
    const first = client.get('/api/a');
    // Let the first request get its 401 and start the recovery.
    await new Promise((r) => setTimeout(r, 10));
    const second = client.get('/api/late');
    await Promise.all([first, second]);
    expect(recoverSession).toHaveBeenCalledTimes(1);
    // The late request was sent once, already with the new token.
    expect(server.seen.filter((s) => s.path === '/api/late')).toEqual([
      { path: '/api/late', token: 'guest-2' },
    ]);
  });

  it('never retries auth endpoints', async () => {
    const { client, recoverSession } = makeClient();
    const error = await client
      .post('/api/auth/token', { form: { username: 'a@b.ru', password: 'x' } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).detail).toBe('Неверная эл. почта или пароль');
    expect(recoverSession).not.toHaveBeenCalled();
  });

  it('keeps the 401 when the guest cannot be created', async () => {
    const { client } = makeClient({ recoverSession: async () => null });
    const error = await client.get('/api/a').catch((e) => e);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).code).toBe('unauthorized');
  });

  /** A client whose stored token another tab replaces with `next` while the first request is in flight. */
  function otherTabClient(first: string, next: string, recoverSession: ApiClientDeps['recoverSession']) {
    let stored = first;
    const server = fakeServer();
    let calls = 0;
    const client = new ApiClient({
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (calls++ === 0) stored = next;
        return server.fetchFn(input, init);
      }) as unknown as typeof fetch,
      getToken: () => stored,
      recoverSession: async (rejected) => {
        const token = await recoverSession(rejected);
        if (token) stored = token;
        return token;
      },
      onMaintenance: () => {},
      timeoutMs: 1_000,
    });
    return { client, server };
  }

  it('retries with a newer token another tab stored (registration there) before creating a guest', async () => {
    const recoverSession = vi.fn(async () => 'guest-2');
    const { client, server } = otherTabClient('guest-old', 'registered-new', recoverSession);
    server.setValid('registered-new');
    await expect(client.get('/api/a')).resolves.toEqual({ ok: true, path: '/api/a' });
    expect(server.seen.map((s) => s.token)).toEqual(['guest-old', 'registered-new']);
    expect(recoverSession).not.toHaveBeenCalled();
  });

  it('creates a guest when the newer stored token is refused too, handing over the refused token', async () => {
    const recoverSession = vi.fn(async (_rejected: string | null) => 'guest-2');
    const { client, server } = otherTabClient('old-1', 'other-tab-2', recoverSession);
    await expect(client.get('/api/a')).resolves.toEqual({ ok: true, path: '/api/a' });
    expect(server.seen.map((s) => s.token)).toEqual(['old-1', 'other-tab-2', 'guest-2']);
    expect(recoverSession).toHaveBeenCalledExactlyOnceWith('other-tab-2');
  });

  it('starts a new recovery for a later, separate burst of 401s', async () => {
    const { client, server, recoverSession } = makeClient();
    await client.get('/api/a');
    server.setValid('guest-3');
    const recover = recoverSession as ReturnType<typeof vi.fn>;
    recover.mockImplementationOnce(async () => 'guest-3');
    await expect(client.get('/api/b')).resolves.toEqual({ ok: true, path: '/api/b' });
    expect(recoverSession).toHaveBeenCalledTimes(2);
  });
});

describe('ApiClient errors', () => {
  it('turns a failed fetch into the network error text', async () => {
    const { client } = makeClient({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
    });
    const error = (await client.get('/api/a').catch((e) => e)) as ApiError;
    expect(error.code).toBe('network');
    expect(error.detail).toBe(NETWORK_ERROR);
  });

  it('times out with the network error text', async () => {
    const slow = ((_: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as unknown as typeof fetch;
    const { client } = makeClient({ fetch: slow, timeoutMs: 20 });
    const error = (await client.get('/api/a').catch((e) => e)) as ApiError;
    expect(error.detail).toBe(NETWORK_ERROR);
  });

  it('reports maintenance', async () => {
    const { client, onMaintenance } = makeClient({ getToken: () => 'guest-2' });
    const error = (await client.get('/api/maintenance').catch((e) => e)) as ApiError;
    expect(error.status).toBe(503);
    expect(error.code).toBe('maintenance');
    expect(onMaintenance).toHaveBeenCalledOnce();
  });

  it('sends forms url-encoded and JSON by default', async () => {
    const calls: RequestInit[] = [];
    const { client } = makeClient({
      fetch: (async (_: unknown, init?: RequestInit) => {
        calls.push(init ?? {});
        return json(200, {});
      }) as unknown as typeof fetch,
    });
    await client.post('/api/auth/token', { form: { username: 'a@b.ru', password: 'p w' } });
    await client.post('/api/x', { json: { email: 'a@b.ru' } });
    expect(calls[0]?.body).toBe('username=a%40b.ru&password=p+w');
    expect((calls[0]?.headers as Record<string, string> | undefined)?.['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(calls[1]?.body).toBe('{"email":"a@b.ru"}');
    expect((calls[1]?.headers as Record<string, string> | undefined)?.['Content-Type']).toBe(
      'application/json',
    );
  });

  it('adds the extra headers a path asks for, and reports every attempt with its status and time', async () => {
    const entries: Array<{ method: string; path: string; status: number }> = [];
    const calls: RequestInit[] = [];
    const { client } = makeClient({
      getToken: () => 'guest-2',
      fetch: (async (_: unknown, init?: RequestInit) => {
        calls.push(init ?? {});
        return json(200, {});
      }) as unknown as typeof fetch,
      extraHeaders: (path): Record<string, string> =>
        path === '/api/auth/register' ? { 'x-affiliate-code': 'promo' } : {},
      onResponse: ({ method, path, status, ms }) => {
        expect(ms).toBeGreaterThanOrEqual(0);
        entries.push({ method, path, status });
      },
    });
    await client.post('/api/auth/register', { form: { name: 'a' } });
    await client.get('/api/x');
    expect((calls[0]?.headers as Record<string, string> | undefined)?.['x-affiliate-code']).toBe('promo');
    expect((calls[1]?.headers as Record<string, string> | undefined)?.['x-affiliate-code']).toBeUndefined();
    expect(entries).toEqual([
      { method: 'POST', path: '/api/auth/register', status: 200 },
      { method: 'GET', path: '/api/x', status: 200 },
    ]);
  });
});
