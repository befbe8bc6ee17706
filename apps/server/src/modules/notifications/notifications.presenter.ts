import type { Notification, PushPayload } from '@podruga/shared';
import type { NotificationRow } from '../../db/schema/index.ts';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    read: row.read,
    data: row.data,
  };
}

/** Where a click on the notification leads: her chat for a message or a new companion. */
export function notificationUrl(row: Pick<NotificationRow, 'type' | 'data'>): string {
  const characterId = row.data.character_id;
  if ((row.type === 'new_message' || row.type === 'character_created') && characterId) {
    return `/chat/${encodeURIComponent(characterId)}`;
  }
  return '/';
}

/** The Web Push payload the service worker shows (packages/shared/src/notifications.ts). */
export function presentPush(row: NotificationRow): PushPayload {
  return {
    title: row.title,
    body: row.message,
    url: notificationUrl(row),
    // A chat's newer message replaces the shown one instead of stacking up.
    tag: row.type === 'new_message' && row.data.chat_id ? `chat-${row.data.chat_id}` : row.id,
    notification_id: row.id,
    type: row.type,
  };
}
