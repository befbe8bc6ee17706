import { ActionIcon } from '@mantine/core';
import { NOTIFICATIONS } from '@podruga/shared';
import { forwardRef, lazy, Suspense, useEffect, useState } from 'react';
import { BellIcon } from '../../shared/ui/icons.tsx';
import { useAuth } from '../auth/store.ts';
import { requestInstall, useInstall } from '../install/installStore.ts';
import classes from './Bell.module.css';
import { shouldAskPushPermission, usePushPermissionDialog } from './permissionStore.ts';
import { refreshUnread, startLiveNotifications } from './start.ts';
import { notificationsStore, useNotifications } from './store.ts';
import { isIos, pushPermissionState } from './support.ts';
import { badgeText } from './time.ts';

const loadDropdown = () => import('./NotificationsDropdown.tsx');
const NotificationsDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.NotificationsDropdown })));

/** What a click on the bell does (001 §4 "Push permission"). */
export type BellAction = 'install' | 'ask' | 'toggle';

export function bellAction(input: {
  ios: boolean;
  installed: boolean;
  permission: ReturnType<typeof pushPermissionState>;
  shouldAsk: boolean;
}): BellAction {
  if (input.ios && !input.installed) return 'install';
  if (input.permission === 'unsupported') return 'toggle';
  if (input.shouldAsk) return 'ask';
  return 'toggle';
}

/** The bell's button with its unread badge, capped at '99+' (001 §2, §9). */
export const BellButton = forwardRef<HTMLButtonElement, { onClick?: () => void }>(function BellButton(
  { onClick },
  ref,
) {
  const unread = useNotifications((s) => s.unread);
  const label = unread > 0 ? `Уведомления: ${unread} непрочитанных` : 'Уведомления';
  return (
    <ActionIcon
      ref={ref}
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      aria-haspopup="dialog"
      className={classes.bell}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={onClick}
    >
      <BellIcon />
      {unread > 0 && (
        <span className={classes.badge} data-testid="notifications-badge" aria-hidden="true">
          {badgeText(unread, NOTIFICATIONS.badgeCap)}
        </span>
      )}
    </ActionIcon>
  );
});

/**
 * The header's bell (001 §2 Header, §4 Notifications). The dropdown (a Mantine Popover) loads on first
 * hover, focus or press; the count is read once a session exists, and live notifications arrive over a
 * socket opened after the first interaction (live.ts). Every session has a bell: guests get
 * notifications too (their companion is created, 001 §3), and the unread count needs only a token.
 */
export function Bell() {
  const token = useAuth((s) => s.token);
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    // Another session (login, logout, another tab's): nothing of the previous one stays on screen.
    notificationsStore.reset();
    if (!token) return;
    void refreshUnread();
    startLiveNotifications();
  }, [token]);

  const onClick = () => {
    const action = bellAction({
      ios: isIos(),
      installed: useInstall.getState().installed,
      permission: pushPermissionState(),
      shouldAsk: shouldAskPushPermission(),
    });
    if (action === 'install') return void requestInstall();
    if (action === 'ask') return usePushPermissionDialog.getState().open();
    setLoaded(true);
    setOpened((o) => !o);
  };

  if (!loaded) return <BellButton onClick={onClick} />;
  return (
    <Suspense fallback={<BellButton onClick={onClick} />}>
      <NotificationsDropdown opened={opened} onClose={() => setOpened(false)} onToggle={onClick} />
    </Suspense>
  );
}
