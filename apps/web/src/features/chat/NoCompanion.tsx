import { Button, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CenteredPage } from '../../shared/ui/CenteredPage.tsx';

/**
 * /chat for a signed-in user with no companion yet (issue 9): not an error, the two ways to get one —
 * create her (step one on /) or pick a ready-made one (/gfs).
 */
export function NoCompanion() {
  return (
    <CenteredPage>
      <Title order={1} size="h2">
        У тебя пока нет подруги
      </Title>
      <Text c="dimmed">Собери её — внешность, характер, манеру речи — или выбери готовую в галерее.</Text>
      <Group justify="center" gap="sm" mt="sm">
        <Button component={Link} to="/" size="md">
          Создать подругу
        </Button>
        <Button component={Link} to="/gfs" size="md" variant="default">
          Выбрать готовую
        </Button>
      </Group>
    </CenteredPage>
  );
}
