import { afterEach, expect, vi } from 'vitest';
import type { RequestOptions } from '../shared/api/ApiClient.ts';
import { ApiError, api } from '../shared/api/index.ts';

/** What a stubbed route answers: a body, or a thrown `apiError(…)`. */
export type StubHandler = (options: RequestOptions) => unknown;

export interface ApiStub {
  /** Every request the page made, in order, as `METHOD /path`. */
  calls: string[];
}

let unexpected: string[] = [];

/**
 * Stubs the network where the web app meets it: the API client (`shared/api`). `routes` maps
 * `'METHOD /path'` to an answer; any other request fails the test, so a page cannot call the server
 * unnoticed. The app's own client code above `request` (the feature `api.ts` files) runs for real.
 */
export function stubApi(routes: Record<string, StubHandler>): ApiStub {
  const calls: string[] = [];
  vi.spyOn(api, 'request').mockImplementation(async (path: string, options: RequestOptions = {}) => {
    const key = `${options.method ?? 'GET'} ${path}`;
    calls.push(key);
    const handler = routes[key];
    if (!handler) {
      unexpected.push(key);
      throw ApiError.network();
    }
    return handler(options);
  });
  return { calls };
}

/** An error answer as the server sends it (`{detail, code}` with a status), for a stubbed route to throw. */
export function apiError(status: number, body: { detail: string; code?: string }): ApiError {
  return ApiError.fromBody(status, body);
}

afterEach(() => {
  const seen = unexpected;
  unexpected = [];
  expect(seen, 'requests no stubbed route answered').toEqual([]);
});
