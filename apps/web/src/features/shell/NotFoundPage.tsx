import { Text, Title } from '@mantine/core';
import { CenteredPage } from '../../shared/ui/CenteredPage.tsx';
import { HomeButton } from '../../shared/ui/HomeButton.tsx';

/** The catch-all page (and /undress, which we do not build: DESIGN §6). */
export function NotFoundPage() {
  return (
    <CenteredPage>
      <Text fz={64} fw={800} lh={1} c="pink">
        404
      </Text>
      <Title order={1} size="h2">
        Страница не найдена
      </Title>
      <Text c="dimmed">Такой страницы нет. Возможно, ссылка устарела или в адресе опечатка.</Text>
      <HomeButton mt="sm" />
    </CenteredPage>
  );
}
