import { Button, Text, Title } from '@mantine/core';
import { CenteredPage } from '../../shared/ui/CenteredPage.tsx';

/** /hell (debug, 002 §4): the guard has already cleared the stored token and session data. */
export function HellPage() {
  return (
    <CenteredPage>
      <Title order={1} size="h2">
        Сессия очищена
      </Title>
      <Text c="dimmed">
        Сохранённый токен и данные сессии на этом устройстве удалены. При следующем запуске приложение создаст
        новую гостевую сессию.
      </Text>
      <Button onClick={() => window.location.assign('/')}>Начать заново</Button>
    </CenteredPage>
  );
}
