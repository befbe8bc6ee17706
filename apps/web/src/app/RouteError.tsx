import { Button, Stack, Text, Title } from '@mantine/core';

/** Last resort when a page throws (for example a chunk failed to load after a deploy). */
export function RouteError() {
  return (
    <Stack align="center" justify="center" gap="md" p="xl" mih="100dvh" ta="center">
      <Title order={1} size="h2">
        Что-то пошло не так
      </Title>
      <Text c="dimmed">Страница не загрузилась. Попробуйте обновить её.</Text>
      <Button onClick={() => window.location.reload()}>Обновить страницу</Button>
    </Stack>
  );
}
