import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { create } from 'zustand';

type Color = 'teal' | 'red' | 'yellow';

/**
 * Set once the first toast has loaded the notifications package: the app then mounts the toast container.
 * The package loads with that first toast, so the first page does not carry it (DESIGN §8). Not before it
 * has loaded: a toast shown while the server is unreachable (a deploy) cannot fetch the package, and a
 * container mounted then would fail to render and take the whole page down with it.
 */
export const useToastHost = create<{ needed: boolean }>(() => ({ needed: false }));

const loadNotifications = () => import('@mantine/notifications').then((m) => m.notifications);

function show(color: Color, message: ReactNode, autoClose?: number | false, id?: string): void {
  loadNotifications()
    .then((notifications) => {
      useToastHost.setState({ needed: true });
      // One toast at a time, newest first: a stack of them would climb over the dialog's buttons.
      notifications.clean();
      notifications.show({ id, color, message, autoClose });
    })
    .catch((error: unknown) => console.error('toast failed', error));
}

/** Positive, negative and warning toasts (000 §8); the default timeout is set on the container. */
export const notify = {
  success: (message: ReactNode, autoClose?: number | false) => show('teal', message, autoClose),
  error: (message: ReactNode, autoClose?: number | false) => show('red', message, autoClose),
  warning: (message: ReactNode, autoClose?: number | false) => show('yellow', message, autoClose),

  /** A toast with one action button; pressing it closes the toast. */
  withAction(
    color: Color,
    message: string,
    actionLabel: string,
    onAction: () => void,
    autoClose?: number | false,
  ) {
    const id = `toast-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    show(
      color,
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          style={{ flexShrink: 0 }}
          onClick={() => {
            void loadNotifications().then((notifications) => notifications.hide(id));
            onAction();
          }}
        >
          {actionLabel}
        </Button>
      </Group>,
      autoClose,
      id,
    );
  },
};
