import { Alert, Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { AUTH_MESSAGES, EMAIL_MAX_LENGTH, validateLogin } from '@podruga/shared';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../shared/api/index.ts';
import { notify } from '../../shared/ui/notify.tsx';
import { useAuthDialog } from './dialogStore.ts';
import { PasswordField } from './PasswordField.tsx';
import { AuthFailedError, authActions } from './store.ts';

interface Props {
  email: string;
  onEmailChange: (email: string) => void;
  onSuccess: () => void;
}

/** "Вход" (000 §2): e-mail, password, remember me, forgot password, switch to register. */
export function LoginForm({ email, onEmailChange, onSuccess }: Props) {
  const setMode = useAuthDialog((s) => s.setMode);
  const notice = useAuthDialog((s) => s.notice);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateLogin({ email, password });
    if (problem) return notify.error(problem);
    setBusy(true);
    try {
      await authActions.login({ email, password, remember });
      notify.success(AUTH_MESSAGES.loginSuccess);
      onSuccess();
    } catch (error) {
      notify.error(
        error instanceof AuthFailedError
          ? AUTH_MESSAGES.loginFailed
          : errorText(error, AUTH_MESSAGES.authError),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {notice && (
          <Alert color="pink" variant="light">
            {notice}
          </Alert>
        )}
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
        <PasswordField
          label="Пароль"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Checkbox
            label="Запомнить меня"
            checked={remember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
          />
          <Anchor component="button" type="button" size="sm" onClick={() => setMode('recovery')}>
            Забыли пароль?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={busy}>
          Войти
        </Button>
      </Stack>
    </form>
  );
}
