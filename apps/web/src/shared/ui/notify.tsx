import type { ReactNode } from 'react';
import { useToastHost } from './toastHost.ts';

export { useToastHost };

type Color = 'teal' | 'red' | 'yellow';

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
    // The action's button (Mantine's Button) loads with the first such toast, not with the first page.
    import('./ActionToast.tsx')
      .then(({ ActionToast }) =>
        show(
          color,
          <ActionToast
            message={message}
            actionLabel={actionLabel}
            onAction={() => {
              void loadNotifications().then((notifications) => notifications.hide(id));
              onAction();
            }}
          />,
          autoClose,
          id,
        ),
      )
      .catch((error: unknown) => console.error('toast failed', error));
  },
};
