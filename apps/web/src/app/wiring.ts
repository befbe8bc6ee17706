import { affiliateHeaders } from '../features/affiliates/touch.ts';
import { readToken } from '../features/auth/persist.ts';
import { authActions } from '../features/auth/store.ts';
import { adminLog } from '../shared/adminLog.ts';
import { api } from '../shared/api/index.ts';
import { enterMaintenance } from './navigation.ts';

/** Connects the API client to the session and the router (neither may import the other directly). */
export function wireApiClient(): void {
  api.configure({
    getToken: readToken,
    recoverSession: () => authActions.recoverWithGuest(),
    onMaintenance: enterMaintenance,
    extraHeaders: affiliateHeaders,
    onResponse: ({ method, path, status, ms }) =>
      adminLog('api', `${method} ${path} → ${status || 'network error'} in ${ms} ms`),
  });
}
