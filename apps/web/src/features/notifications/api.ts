import type {
  Notification,
  PushBrowserInfo,
  PushStatusResponse,
  PushSubscribeResponse,
  PushTestResponse,
  RecentNotificationsResponse,
  UnreadCountResponse,
  VapidKeyResponse,
} from '@podruga/shared';
import { api } from '../../shared/api/index.ts';

/** The bell's calls (001 §7). */
export const notificationsApi = {
  unreadCount: () => api.get<UnreadCountResponse>('/api/notifications/unread-count'),
  recent: () => api.get<RecentNotificationsResponse>('/api/notifications/recent'),
  markRead: (id: string) =>
    api.post<{ success: true }>(`/api/notifications/${encodeURIComponent(id)}/mark-read`),
  markAllRead: () => api.post<{ success: true }>('/api/notifications/mark-all-read'),
};

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

export type { Notification };
