import { Button, Text } from '@mantine/core';
import { ANONYMOUS_SESSIONS_PER_HOUR, AUTH_MESSAGES } from '@podruga/shared';
import { Dialog, DialogActions } from '../../shared/ui/Dialog.tsx';
import { useAnonymousLimitDialog, useAuthDialog } from './dialogStore.ts';

/** "Лимит анонимных сессий" (000 §4): a guest session could not be created (429). */
export function AnonymousLimitDialog() {
  const opened = useAnonymousLimitDialog((s) => s.opened);
  const close = useAnonymousLimitDialog((s) => s.close);
  const openAuth = useAuthDialog((s) => s.open);

  return (
    <Dialog opened={opened} onClose={close} title={AUTH_MESSAGES.anonymousLimitTitle} size={420}>
      <Text size="sm">
        С одного адреса можно начать не больше {ANONYMOUS_SESSIONS_PER_HOUR} гостевых сессий в час. Создайте
        бесплатный аккаунт, чтобы продолжить.
      </Text>
      <DialogActions>
        <Button variant="default" onClick={close}>
          Закрыть
        </Button>
        <Button
          onClick={() => {
            close();
            openAuth('register');
          }}
        >
          Создать аккаунт
        </Button>
      </DialogActions>
    </Dialog>
  );
}
