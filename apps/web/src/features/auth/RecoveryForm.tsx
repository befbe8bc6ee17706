import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import {
  AUTH_MESSAGES,
  EMAIL_MAX_LENGTH,
  RECOVERY_SUCCESS_VISIBLE_MS,
  validateRecovery,
} from '@podruga/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { errorText, isApiError } from '../../shared/api/index.ts';
import { notify } from '../../shared/ui/notify.tsx';
import { useForgotPassword } from './api.ts';
import { useAuthDialog } from './dialogStore.ts';

interface Props {
  email: string;
  onEmailChange: (email: string) => void;
}

/** "Восстановление пароля" (000 §2, §8): success shows for 5 s in the dialog, then back to login. */
export function RecoveryForm({ email, onEmailChange }: Props) {
  const setMode = useAuthDialog((s) => s.setMode);
  const forgot = useForgotPassword();
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setMode('login'), RECOVERY_SUCCESS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [sent, setMode]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateRecovery({ email });
    if (problem) return notify.error(problem);
    try {
      const result = await forgot.mutateAsync(email.trim());
      if (result.success) setSent(true);
      else notify.error(result.message || AUTH_MESSAGES.recoveryFailed);
    } catch (error) {
      notify.error(
        isApiError(error) && error.status === 429
          ? AUTH_MESSAGES.recoveryTooMany
          : errorText(error, AUTH_MESSAGES.recoveryError),
      );
    }
  }

  if (sent) {
    return (
      <Alert color="teal" variant="light" role="status">
        {AUTH_MESSAGES.recoverySuccess}
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Введите эл. почту, указанную при регистрации, — мы отправим на неё ссылку для восстановления пароля.
        </Text>
        <TextInput
          label="Эл. почта"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX_LENGTH}
          value={email}
          onChange={(e) => onEmailChange(e.currentTarget.value)}
          data-autofocus
        />
        <Button type="submit" fullWidth loading={forgot.isPending}>
          Отправить ссылку
        </Button>
        <Button variant="subtle" fullWidth onClick={() => setMode('login')}>
          Вернуться ко входу
        </Button>
      </Stack>
    </form>
  );
}
