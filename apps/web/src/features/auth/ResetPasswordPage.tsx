import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { SERVER_MESSAGES, validateNewPassword } from '@podruga/shared';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText, isApiError } from '../../shared/api/index.ts';
import { CenteredPage } from '../../shared/ui/CenteredPage.tsx';
import { HomeButton } from '../../shared/ui/HomeButton.tsx';
import { notify } from '../../shared/ui/notify.tsx';
import { useResetPassword } from './api.ts';
import { useAuthDialog } from './dialogStore.ts';
import { PasswordField } from './PasswordField.tsx';

const MISMATCH = 'Пароли не совпадают';

function BadLink({ detail }: { detail: string }) {
  const openAuth = useAuthDialog((s) => s.open);
  return (
    <>
      <Alert color="red" variant="light" w="100%" ta="left">
        {detail}
      </Alert>
      <Button onClick={() => openAuth('recovery')}>Запросить новую ссылку</Button>
      <HomeButton variant="subtle" />
    </>
  );
}

/** /reset-password?token=… — the link from the recovery e-mail. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const openAuth = useAuthDialog((s) => s.open);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [badLink, setBadLink] = useState<string | null>(token ? null : SERVER_MESSAGES.tokenInvalid);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateNewPassword(password) ?? (password === repeat ? null : MISMATCH);
    if (problem) return notify.error(problem);
    try {
      const result = await reset.mutateAsync({ token, password });
      if (result.success) setDone(result.message || SERVER_MESSAGES.resetDone);
      else notify.error(result.message || 'Не удалось изменить пароль');
    } catch (error) {
      if (isApiError(error) && error.code === 'token_invalid') setBadLink(error.detail);
      else notify.error(errorText(error, 'Не удалось изменить пароль'));
    }
  }

  return (
    <CenteredPage size={440}>
      <Title order={1} size="h2">
        Новый пароль
      </Title>
      {badLink ? (
        <BadLink detail={badLink} />
      ) : done ? (
        <>
          <Alert color="teal" variant="light" w="100%" ta="left" role="status">
            {done}
          </Alert>
          <Button onClick={() => openAuth('login')}>Войти</Button>
        </>
      ) : (
        <form onSubmit={submit} noValidate style={{ width: '100%' }}>
          <Stack gap="sm" ta="left">
            <Text size="sm" c="dimmed">
              Придумайте новый пароль для входа в аккаунт.
            </Text>
            <PasswordField
              label="Новый пароль"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <PasswordField
              label="Повторите пароль"
              autoComplete="new-password"
              value={repeat}
              onChange={(e) => setRepeat(e.currentTarget.value)}
            />
            <Button type="submit" fullWidth loading={reset.isPending}>
              Сохранить пароль
            </Button>
          </Stack>
        </form>
      )}
    </CenteredPage>
  );
}
