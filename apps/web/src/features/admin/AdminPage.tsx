import { Button, Stack, Text, Title } from '@mantine/core';
import { ADMIN_TEXTS } from '@podruga/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../../shared/api/index.ts';
import { HomeButton } from '../../shared/ui/HomeButton.tsx';
import { StatusPage } from '../shell/StatusPage.tsx';

/**
 * An admin page (issues 16–17): its title and the admin-only report of `query` — 403 «Нет доступа» for
 * anyone else, a loading line, a failure with «Попробовать снова», else `children(data)`.
 */
export function AdminPage<T>({
  title,
  query,
  failed,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError && isApiError(query.error) && query.error.status === 403) {
    return (
      <StatusPage
        code={403}
        title={ADMIN_TEXTS.noAccess}
        text={ADMIN_TEXTS.forbidden}
        action={<HomeButton mt="sm" />}
      />
    );
  }
  return (
    <Stack gap="md" className="page-container">
      <Title order={1}>{title}</Title>
      {query.isPending && <Text c="dimmed">{ADMIN_TEXTS.loading}</Text>}
      {query.isError && (
        <Stack gap="xs" align="flex-start" role="alert">
          <Text>{failed}</Text>
          <Button variant="light" onClick={() => void query.refetch()}>
            {ADMIN_TEXTS.retry}
          </Button>
        </Stack>
      )}
      {query.data !== undefined && children(query.data)}
    </Stack>
  );
}
