import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { NOTIFICATION_MESSAGES } from '@podruga/shared';
import { useEffect, useState } from 'react';
import { notify } from '../../shared/ui/notify.tsx';
import {
  currentSubscription,
  disablePush,
  enablePush,
  type PushPermissionState,
  pushPermissionState,
} from './push.ts';
import { pushApi } from './pushApi.ts';

type Status = { permission: PushPermissionState; subscribed: boolean };

async function readStatus(): Promise<Status> {
  const permission = pushPermissionState();
  if (permission !== 'granted') return { permission, subscribed: false };
  try {
    return { permission, subscribed: (await currentSubscription()) !== null };
  } catch {
    return { permission, subscribed: false };
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Неизвестная ошибка';
}

/**
 * The profile's notifications control (001 §2 Account section): whether push is on for this browser,
 * a switch to turn it on or off, and a test push.
 */
export function NotificationsControl() {
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void readStatus().then((s) => live && setStatus(s));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const permission = await enablePush();
        if (permission === 'granted') notify.success(NOTIFICATION_MESSAGES.enabled);
        else if (permission === 'denied') notify.error(NOTIFICATION_MESSAGES.blockedProfile, 5000);
      } else {
        await disablePush();
      }
    } catch (error) {
      notify.error(NOTIFICATION_MESSAGES.enableFailedProfile(reasonOf(error)));
    } finally {
      setStatus(await readStatus());
      setBusy(false);
    }
  };

  const test = async () => {
    setBusy(true);
    try {
      const result = await pushApi.test();
      if (result.success) notify.success(NOTIFICATION_MESSAGES.testSent);
      else notify.error(NOTIFICATION_MESSAGES.testFailed);
    } catch {
      notify.error(NOTIFICATION_MESSAGES.testFailed);
    } finally {
      setBusy(false);
    }
  };

  if (!status) return null;
  const on = status.permission === 'granted' && status.subscribed;
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Switch
          label="Push-уведомления"
          checked={on}
          disabled={busy || status.permission === 'unsupported' || status.permission === 'denied'}
          onChange={(e) => void toggle(e.currentTarget.checked)}
        />
        {on && (
          <Button size="compact-sm" variant="light" onClick={() => void test()} disabled={busy}>
            Проверить
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {status.permission === 'unsupported'
          ? 'Этот браузер не поддерживает push-уведомления.'
          : status.permission === 'denied'
            ? NOTIFICATION_MESSAGES.blockedProfile
            : on
              ? 'Включены в этом браузере: подруга напишет, даже когда вкладка закрыта.'
              : 'Выключены в этом браузере.'}
      </Text>
    </Stack>
  );
}
