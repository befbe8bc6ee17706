import { Alert, Button, Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES, RECOVERY_SUCCESS_VISIBLE_MS, validateRecovery } from '@podruga/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { errorText, isApiError } from '../../shared/api/index.ts';
import { notify } from '../../shared/ui/notify.tsx';
import { useForgotPassword } from './api.ts';
import { type AuthFormProps, useAuthDialog } from './dialogStore.ts';
import { EmailField } from './EmailField.tsx';

/** "Восстановление пароля" (000 §2, §8): success shows for 5 s in the dialog, then back to login. */
export function RecoveryForm({ email, onEmailChange }: Omit<AuthFormProps, 'onSuccess'>) {
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
        <EmailField value={email} onValueChange={onEmailChange} data-autofocus />
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
