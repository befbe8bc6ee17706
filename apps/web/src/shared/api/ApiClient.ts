import { ApiError } from './ApiError.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON (the default body kind). */
  json?: unknown;
  /** Sent as `application/x-www-form-urlencoded` (the spec's login and register forms). */
  form?: Record<string, string>;
  /** Sent as `multipart/form-data` (file uploads); the browser sets the boundary. */
  formData?: FormData;
  /** Caller's cancellation (React Query passes one); aborting rethrows the AbortError untouched. */
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** The bearer token to send now, or null. Read on every request: the token changes under us. */
  getToken: () => string | null;
  /**
   * Called once per burst of 401s: creates a guest session and resolves to its token, or to null when
   * that failed (the original 401 then stands). `rejectedToken` is the token the server refused: the
   * proof of an earlier session that spares a returning device the anonymous-session limit.
   */
  recoverSession: (rejectedToken: string | null) => Promise<string | null>;
  /** A 503 with code `maintenance`: the app shows its maintenance page. */
  onMaintenance: () => void;
  timeoutMs: number;
  /** Headers a path carries besides the session (the affiliate touch on sign-ups and payments). */
  extraHeaders?: (path: string) => Record<string, string>;
  /** Each request's outcome and time (the admin logging of /hbar); status 0 when the network failed. */
  onResponse?: (entry: { method: string; path: string; status: number; ms: number }) => void;
}

/** Calls under /api/auth/ never trigger the guest retry (000 §8), and are never queued behind it. */
function isAuthPath(path: string): boolean {
  return path.startsWith('/api/auth/');
}

/**
 * The one way the web app talks to the API: bearer token, JSON by default, a timeout, typed errors from
 * `{detail, code}`, and the 401 rule — retry with a newer stored token if there is one, else create a
 * guest once, retry with its token, queue the rest meanwhile.
 */
export class ApiClient {
  private deps: ApiClientDeps;
  private recovering: Promise<string | null> | null = null;

  constructor(deps: ApiClientDeps) {
    this.deps = deps;
  }

  /** Replaces some dependencies (the app wires the auth store in after both modules exist). */
  configure(deps: Partial<ApiClientDeps>): void {
    this.deps = { ...this.deps, ...deps };
  }

  get<T>(
    path: string,
    options: Omit<RequestOptions, 'method' | 'json' | 'form' | 'formData'> = {},
  ): Promise<T> {
    return this.request<T>(path, { ...options, method: 'GET' });
  }

  post<T>(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'POST' });
  }

  put<T>(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'PUT' });
  }

  delete<T>(
    path: string,
    options: Omit<RequestOptions, 'method' | 'json' | 'form' | 'formData'> = {},
  ): Promise<T> {
    return this.request<T>(path, { ...options, method: 'DELETE' });
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    // Requests that start while a guest session is being created wait for its token.
    if (this.recovering && !isAuthPath(path)) await this.recovering;
    let token = this.deps.getToken();
    let response = await this.send(path, options, token);
    if (response.status === 401 && !isAuthPath(path)) {
      // The stored token changed while this request was in flight (another request's recovery, a
      // sign-in or registration in another tab, which shares localStorage): that newer session first.
      const stored = this.deps.getToken();
      if (stored && stored !== token) {
        token = stored;
        response = await this.send(path, options, token);
      }
    }
    if (response.status === 401 && !isAuthPath(path)) {
      const fresh = await this.tokenAfterUnauthorized(token);
      if (fresh && fresh !== token) response = await this.send(path, options, fresh);
    }
    return this.read<T>(response);
  }

  private tokenAfterUnauthorized(usedToken: string | null): Promise<string | null> {
    if (this.recovering) return this.recovering;
    // Another request already replaced the token while this one was in flight: just retry with it.
    const current = this.deps.getToken();
    if (current && current !== usedToken) return Promise.resolve(current);
    const pending = this.deps
      .recoverSession(usedToken)
      .catch(() => null)
      .finally(() => {
        if (this.recovering === pending) this.recovering = null;
      });
    this.recovering = pending;
    return pending;
  }

  private async send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...this.deps.extraHeaders?.(path) };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | FormData | undefined;
    if (options.formData) {
      body = options.formData;
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.deps.timeoutMs);
    const callerSignal = options.signal;
    const forwardAbort = () => controller.abort();
    callerSignal?.addEventListener('abort', forwardAbort, { once: true });
    const method = options.method ?? 'GET';
    const started = performance.now();
    const report = (status: number) =>
      this.deps.onResponse?.({ method, path, status, ms: Math.round(performance.now() - started) });
    try {
      const response = await this.deps.fetch(path, { method, headers, body, signal: controller.signal });
      report(response.status);
      return response;
    } catch (error) {
      report(0);
      if (callerSignal?.aborted) throw error;
      throw ApiError.network();
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    }
  }

  private async read<T>(response: Response): Promise<T> {
    const body = await readBody(response);
    if (response.ok) return body as T;
    const error = ApiError.fromBody(response.status, body);
    if (response.status === 503 && error.code === 'maintenance') this.deps.onMaintenance();
    throw error;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw ApiError.network();
  }
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
