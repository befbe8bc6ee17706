import { NOTIFICATION_KEYS, type Notification } from '@podruga/shared';
import { create } from 'zustand';

/** Notifications created up to this time were cleared from this device's list (001 §4 clear-all). */
function clearedAt(): number {
  try {
    return Number(localStorage.getItem(NOTIFICATION_KEYS.clearedAt)) || 0;
  } catch {
    return 0;
  }
}

const notCleared = (items: Notification[]) => {
  const since = clearedAt();
  return since ? items.filter((n) => Date.parse(n.created_at) > since) : items;
};

interface NotificationsState {
  /** The badge: unread notifications on the server (0 when it could not be read). */
  unread: number;
  /** The dropdown's list (newest first); `clear` empties only this. */
  items: Notification[];
  /** The list was fetched (or a live one arrived after a fetch). */
  loaded: boolean;
}

export const useNotifications = create<NotificationsState>(() => ({ unread: 0, items: [], loaded: false }));

export const notificationsStore = {
  setUnread(unread: number): void {
    useNotifications.setState({ unread: Math.max(0, unread) });
  },
  /** The server's list; what this device cleared stays out of it. The badge keeps the server's count. */
  setItems(items: Notification[]): void {
    useNotifications.setState({ items: notCleared(items), loaded: true });
  },
  /** A notification that arrived over the socket: on top of the list, one more unread. */
  arrived(notification: Notification): void {
    useNotifications.setState((s) => {
      if (s.items.some((n) => n.id === notification.id)) return s;
      return {
        items: [notification, ...s.items],
        unread: s.unread + (notification.read ? 0 : 1),
      };
    });
  },
  markRead(id: string): void {
    useNotifications.setState((s) => {
      const target = s.items.find((n) => n.id === id);
      if (!target || target.read) return s;
      return {
        items: s.items.map((n) => (n.id === id ? { ...n, read: true } : n)),
        unread: Math.max(0, s.unread - 1),
      };
    });
  },
  markAllRead(): void {
    useNotifications.setState((s) => ({ items: s.items.map((n) => ({ ...n, read: true })), unread: 0 }));
  },
  /** 001 §4: clear-all empties only the local list (no call). */
  clear(): void {
    const newest = useNotifications
      .getState()
      .items.reduce((t, n) => Math.max(t, Date.parse(n.created_at) || 0), 0);
    try {
      localStorage.setItem(NOTIFICATION_KEYS.clearedAt, String(Math.max(newest, clearedAt())));
    } catch {
      // no storage: cleared until the list is read again
    }
    useNotifications.setState({ items: [] });
  },
  reset(): void {
    useNotifications.setState({ unread: 0, items: [], loaded: false });
  },
};
