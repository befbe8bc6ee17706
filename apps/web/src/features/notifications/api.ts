import type { Notification, RecentNotificationsResponse, UnreadCountResponse } from '@podruga/shared';
import { api } from '../../shared/api/index.ts';

/** The bell's calls (001 §7). */
export const notificationsApi = {
  unreadCount: () => api.get<UnreadCountResponse>('/api/notifications/unread-count'),
  recent: () => api.get<RecentNotificationsResponse>('/api/notifications/recent'),
  markRead: (id: string) =>
    api.post<{ success: true }>(`/api/notifications/${encodeURIComponent(id)}/mark-read`),
  markAllRead: () => api.post<{ success: true }>('/api/notifications/mark-all-read'),
};

export type { Notification };
