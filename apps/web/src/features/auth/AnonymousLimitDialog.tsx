import { Button, Group, Modal, Text } from '@mantine/core';
import { ANONYMOUS_SESSIONS_PER_HOUR, AUTH_MESSAGES } from '@podruga/shared';
import { useAnonymousLimitDialog, useAuthDialog } from './dialogStore.ts';

/** "Лимит анонимных сессий" (000 §4): a guest session could not be created (429). */
export function AnonymousLimitDialog() {
  const opened = useAnonymousLimitDialog((s) => s.opened);
  const close = useAnonymousLimitDialog((s) => s.close);
  const openAuth = useAuthDialog((s) => s.open);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={AUTH_MESSAGES.anonymousLimitTitle}
      centered
      size={420}
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
    >
      <Text size="sm">
        С одного адреса можно начать не больше {ANONYMOUS_SESSIONS_PER_HOUR} гостевых сессий в час. Создайте
        бесплатный аккаунт, чтобы продолжить.
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
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
      </Group>
    </Modal>
  );
}
