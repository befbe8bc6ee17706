import { Alert, Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { AUTH_MESSAGES, EMAIL_MAX_LENGTH, validateLogin } from '@podruga/shared';
import { useState } from 'react';
import { useAuthDialog } from './dialogStore.ts';
import { PasswordField } from './PasswordField.tsx';
import { authActions } from './store.ts';
import { useAuthSubmit } from './useAuthSubmit.ts';

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
