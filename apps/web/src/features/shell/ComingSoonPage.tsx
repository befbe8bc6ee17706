import { Badge, Text, Title } from '@mantine/core';
import { useRouteMeta } from '../../app/routeMeta.ts';
import { CenteredPage } from '../../shared/ui/CenteredPage.tsx';
import { HomeButton } from '../../shared/ui/HomeButton.tsx';

/** A page a later release builds: its name, one honest line, the way home. Reads its route's handle. */
export function ComingSoonPage() {
  const meta = useRouteMeta();
  return (
    <CenteredPage>
      <Badge variant="light" color="grape">
        Скоро
      </Badge>
      <Title order={1} size="h2">
        {meta.title}
      </Title>
      <Text c="dimmed">Раздел готовится и появится в одном из ближайших обновлений. {meta.soon}</Text>
      <HomeButton mt="sm" />
    </CenteredPage>
  );
}
