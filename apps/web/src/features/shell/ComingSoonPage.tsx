import { Badge, Text, Title } from '@mantine/core';
import { useMatches } from 'react-router';
import { isRouteMeta, type RouteMeta } from '../../app/routeMeta.ts';
import { CenteredPage } from '../../shared/ui/CenteredPage.tsx';
import { HomeButton } from '../../shared/ui/HomeButton.tsx';

/** A page a later release builds: its name, one honest line, the way home. Reads its route's handle. */
export function ComingSoonPage() {
  const matches = useMatches();
  const meta: RouteMeta = {};
  for (const match of matches) if (isRouteMeta(match.handle)) Object.assign(meta, match.handle);
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
