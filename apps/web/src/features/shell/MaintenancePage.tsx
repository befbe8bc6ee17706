import { Button, Text, Title } from '@mantine/core';
import { CenteredPage } from '../../shared/ui/CenteredPage.tsx';

/** 503 (002 §2): the API answered "maintenance". Opened by the app only; a direct visit goes to /. */
export function MaintenancePage() {
  return (
    <CenteredPage>
      <Text fz={64} fw={800} lh={1} c="pink">
        503
      </Text>
      <Title order={1} size="h2">
        Ведутся технические работы
      </Title>
      <Text c="dimmed">
        Мы обновляем серверы. Сервис снова заработает через пару часов — спасибо за терпение!
      </Text>
      <Button mt="sm" onClick={() => window.location.assign('/')}>
        Попробовать снова
      </Button>
    </CenteredPage>
  );
}
