import { REQUEST_TIMEOUT_MS } from '@podruga/shared';
import { ApiClient } from './ApiClient.ts';

export { ApiError, errorText, isApiError } from './ApiError.ts';

/**
 * The app's client. Token reading, guest recovery and the maintenance hook are wired in by
 * `app/wiring.ts`; until then it sends no token and recovers nothing.
 */
export const api = new ApiClient({
  fetch: (input, init) => fetch(input, init),
  getToken: () => null,
  recoverSession: async () => null,
  onMaintenance: () => {},
  timeoutMs: REQUEST_TIMEOUT_MS,
});
