import { Button } from '@mantine/core';
import { StatusPage } from './StatusPage.tsx';

/** 503 (002 §2): the API answered "maintenance". Opened by the app only; a direct visit goes to /. */
export function MaintenancePage() {
  return (
    <StatusPage
      code={503}
      title="Ведутся технические работы"
      text="Мы обновляем серверы. Сервис снова заработает через пару часов — спасибо за терпение!"
      action={
        <Button mt="sm" onClick={() => window.location.assign('/')}>
          Попробовать снова
        </Button>
      }
    />
  );
}
