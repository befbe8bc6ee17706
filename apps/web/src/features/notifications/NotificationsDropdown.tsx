import { Button, Group, Loader, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { NOTIFICATION_MESSAGES, type Notification } from '@podruga/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../shared/ui/notify.tsx';
import { notificationsApi } from './api.ts';
import classes from './Bell.module.css';
import { BellButton } from './Bell.tsx';
import { notificationsStore, useNotifications } from './store.ts';
import { notificationTime } from './time.ts';

/** Where a notification leads: her chat for a message or a new companion (001 §4). */
export function notificationTarget(n: Pick<Notification, 'type' | 'data'>): string | null {
  const characterId = n.data.character_id;
  if ((n.type === 'new_message' || n.type === 'character_created') && characterId) {
    return `/chat/${encodeURIComponent(characterId)}`;
  }
  return null;
}

async function loadRecent(): Promise<void> {
  try {
    notificationsStore.setItems((await notificationsApi.recent()).notifications);
  } catch {
    // 001 §8: a failed fetch shows an empty list
    notificationsStore.setItems([]);
  }
}

function Item({ notification, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  return (
    <UnstyledButton
      className={`${classes.item} ${notification.read ? '' : classes.unread}`}
      onClick={() => onOpen(notification)}
      aria-label={`${notification.title}. ${notification.message}`}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {!notification.read && <span className={classes.dot} aria-hidden="true" />}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={notification.read ? 500 : 700} lineClamp={1}>
            {notification.title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {notification.message}
          </Text>
          <Text size="xs" c="dimmed">
            {notificationTime(notification.created_at)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The bell's dropdown (001 §4 "Notifications"): the newest notifications with relative times; a click
 * marks one read, closes the list and opens her chat; "read all" and "clear" (the local list only).
 */
export function NotificationsDropdown({
  opened,
  onClose,
  onToggle,
}: {
  opened: boolean;
  onClose: () => void;
  onToggle: () => void;
}) {
  const items = useNotifications((s) => s.items);
  const unread = useNotifications((s) => s.unread);
  const [loading, setLoading] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    if (!opened) return;
    let live = true;
    setLoading(true);
    void loadRecent().finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [opened]);

  const open = (n: Notification) => {
    if (!n.read) {
      notificationsStore.markRead(n.id);
      notificationsApi.markRead(n.id).catch(() => {});
    }
    onClose();
    const target = notificationTarget(n);
    if (!target) return;
    try {
      const result = navigate(target) as unknown;
      if (result instanceof Promise) result.catch(() => notify.error(NOTIFICATION_MESSAGES.chatOpenFailed));
    } catch {
      notify.error(NOTIFICATION_MESSAGES.chatOpenFailed);
    }
  };

  const readAll = () => {
    notificationsStore.markAllRead();
    notificationsApi.markAllRead().catch(() => {});
    notify.success(NOTIFICATION_MESSAGES.allRead);
  };

  const clear = () => {
    notificationsStore.clear();
    notify.success(NOTIFICATION_MESSAGES.cleared);
  };

  return (
    <Popover
      opened={opened}
      onDismiss={onClose}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      trapFocus={false}
    >
      <Popover.Target>
        <BellButton onClick={onToggle} />
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-label="Уведомления" role="dialog" maw="calc(100vw - 16px)">
        <Group justify="space-between" px="xs" pb={6} gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            Уведомления
          </Text>
          <Group gap={0} wrap="nowrap">
            <Button
              size="compact-xs"
              px={6}
              variant="subtle"
              onClick={readAll}
              disabled={unread === 0 && items.every((n) => n.read)}
            >
              Прочитать все
            </Button>
            <Button
              size="compact-xs"
              px={6}
              variant="subtle"
              color="gray"
              onClick={clear}
              disabled={items.length === 0}
            >
              Очистить
            </Button>
          </Group>
        </Group>
        <div className={classes.list}>
          {items.length === 0 ? (
            loading ? (
              <Group justify="center" py="md">
                <Loader size="sm" />
              </Group>
            ) : (
              <Text size="sm" c="dimmed" ta="center" py="lg">
                Пока нет уведомлений
              </Text>
            )
          ) : (
            items.map((n) => <Item key={n.id} notification={n} onOpen={open} />)
          )}
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}
