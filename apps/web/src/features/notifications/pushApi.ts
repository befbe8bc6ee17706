import type {
  PushBrowserInfo,
  PushStatusResponse,
  PushSubscribeResponse,
  PushTestResponse,
  VapidKeyResponse,
} from '@podruga/shared';
import { api } from '../../shared/api/index.ts';

/** Web Push (001 §7). */
export const pushApi = {
  vapidKey: () => api.get<VapidKeyResponse>('/api/push/vapid-key'),
  subscribe: (body: {
    endpoint: string;
    keys: { p256dh: string; auth: string };
    browser_info: PushBrowserInfo;
  }) => api.post<PushSubscribeResponse>('/api/push/subscribe', { json: body }),
  unsubscribe: (endpoint: string) =>
    api.request<{ success: boolean }>('/api/push/unsubscribe', { method: 'DELETE', json: { endpoint } }),
  status: () => api.get<PushStatusResponse>('/api/push/status'),
  test: () => api.post<PushTestResponse>('/api/push/test'),
};
