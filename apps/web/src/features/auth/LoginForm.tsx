import { Alert, Anchor, Button, Checkbox, Group, Stack } from '@mantine/core';
import { AUTH_MESSAGES, validateLogin } from '@podruga/shared';
import { useState } from 'react';
import { type AuthFormProps, useAuthDialog } from './dialogStore.ts';
import { EmailField } from './EmailField.tsx';
import { PasswordField } from './PasswordField.tsx';
import { authActions } from './store.ts';
import { useAuthSubmit } from './useAuthSubmit.ts';

/** "Вход" (000 §2): e-mail, password, remember me, forgot password, switch to register. */
export function LoginForm({ email, onEmailChange, onSuccess }: AuthFormProps) {
  const setMode = useAuthDialog((s) => s.setMode);
  const notice = useAuthDialog((s) => s.notice);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const { busy, submit } = useAuthSubmit({
    validate: () => validateLogin({ email, password }),
    run: () => authActions.login({ email, password, remember }),
    successText: AUTH_MESSAGES.loginSuccess,
    failedText: AUTH_MESSAGES.loginFailed,
    onSuccess,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {notice && (
          <Alert color="pink" variant="light">
            {notice}
          </Alert>
        )}
        <EmailField value={email} onValueChange={onEmailChange} data-autofocus />
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
