import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CenteredPage } from '../../shared/ui/CenteredPage.tsx';

interface StatusPageProps {
  /** The HTTP status shown large above the heading. */
  code: number;
  title: string;
  text: string;
  /** The way on (a button). */
  action: ReactNode;
}

/** A page that stands for an HTTP status (404, 503, 002 §2): the code, what happened, the way on. */
export function StatusPage({ code, title, text, action }: StatusPageProps) {
  return (
    <CenteredPage>
      <Text fz={64} fw={800} lh={1} c="pink">
        {code}
      </Text>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{text}</Text>
      {action}
    </CenteredPage>
  );
}
