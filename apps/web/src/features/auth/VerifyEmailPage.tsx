import { Alert, Loader, Text, Title } from '@mantine/core';
import { SERVER_MESSAGES } from '@podruga/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { getBrand } from '../../app/brand.ts';
import { errorText } from '../../shared/api/index.ts';
import { CenteredPage } from '../../shared/ui/CenteredPage.tsx';
import { HomeButton } from '../../shared/ui/HomeButton.tsx';
import { useVerifyEmail } from './api.ts';
import { authActions } from './store.ts';

/** /verify-email?token=… (no layout): posts the token once, shows the verdict. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail(token);
  const verified = verify.isSuccess && verify.data.success;

  useEffect(() => {
    if (verified) authActions.refreshUser().catch(() => {});
  }, [verified]);

  let body: React.ReactNode;
  if (!token) {
    body = <FailureNotice text={SERVER_MESSAGES.tokenInvalid} />;
  } else if (verify.isPending) {
    body = (
      <>
        <Loader type="dots" />
        <Text c="dimmed">Подтверждаем эл. почту…</Text>
      </>
    );
  } else if (verified) {
    const title = 'Эл. почта подтверждена';
    const message = verify.data.message;
    body = (
      <>
        <Title order={1} size="h2">
          {title}
        </Title>
        {message && message !== title && message !== SERVER_MESSAGES.emailVerified && (
          <Text c="dimmed">{message}</Text>
        )}
      </>
    );
  } else {
    const text = verify.isSuccess
      ? verify.data.message || SERVER_MESSAGES.tokenInvalid
      : errorText(verify.error, SERVER_MESSAGES.tokenInvalid);
    body = <FailureNotice text={text} />;
  }

  return (
    <CenteredPage size={480}>
      <Text fw={800} fz="xl" c="pink">
        {getBrand().logoText}
      </Text>
      {body}
      <HomeButton mt="sm" />
    </CenteredPage>
  );
}

function FailureNotice({ text }: { text: string }) {
  return (
    <>
      <Title order={1} size="h2">
        Не удалось подтвердить эл. почту
      </Title>
      <Alert color="red" variant="light" w="100%">
        {text}
      </Alert>
    </>
  );
}
