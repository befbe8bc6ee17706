import { Button, Text } from '@mantine/core';
import { NOTIFICATION_MESSAGES, NOTIFICATIONS, PUSH_PROMPTS } from '@podruga/shared';
import { useEffect, useRef, useState } from 'react';
import { Dialog, DialogActions } from '../../shared/ui/Dialog.tsx';
import { declinePushPermission, usePushPermissionDialog } from './permissionStore.ts';
import { enablePush } from './push.ts';

type Phase = 'ask' | 'working' | 'enabled' | 'blocked' | 'failed';

/**
 * The notification permission dialog (001 §2, §4): one of three rotating texts; 'allow' asks the browser,
 * subscribes on granted and says so, closing after 1 s; denied shows the blocked message; 'decline'
 * stores the time, so it is not offered again for 7 days.
 */
export function PushPermissionDialog() {
  const opened = usePushPermissionDialog((s) => s.opened);
  const close = usePushPermissionDialog((s) => s.close);
  const [phase, setPhase] = useState<Phase>('ask');
  const variant = usePushPermissionDialog((s) => s.variant);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!opened) return;
    setPhase('ask');
  }, [opened]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const allow = async () => {
    setPhase('working');
    try {
      const permission = await enablePush();
      if (permission === 'granted') {
        setPhase('enabled');
        timer.current = setTimeout(close, NOTIFICATIONS.successCloseMs);
      } else if (permission === 'denied') setPhase('blocked');
      else setPhase('ask');
    } catch {
      setPhase('failed');
    }
  };
  const decline = () => {
    declinePushPermission();
    close();
  };

  const prompt = PUSH_PROMPTS[variant] ?? PUSH_PROMPTS[0];
  return (
    <Dialog opened={opened} onClose={close} title={prompt.title} size="sm">
      {phase === 'enabled' ? (
        <Text role="status" c="teal" fw={600}>
          {NOTIFICATION_MESSAGES.enabledDialog}
        </Text>
      ) : phase === 'blocked' ? (
        <Text role="alert">{NOTIFICATION_MESSAGES.blocked}</Text>
      ) : (
        <>
          <Text>{prompt.text}</Text>
          {phase === 'failed' && (
            <Text role="alert" c="red" mt="sm" size="sm">
              {NOTIFICATION_MESSAGES.enableFailed}
            </Text>
          )}
          <DialogActions>
            <Button variant="default" onClick={decline}>
              Не сейчас
            </Button>
            <Button onClick={() => void allow()} loading={phase === 'working'}>
              Разрешить
            </Button>
          </DialogActions>
        </>
      )}
      {phase === 'blocked' && (
        <DialogActions>
          <Button onClick={close}>Понятно</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
