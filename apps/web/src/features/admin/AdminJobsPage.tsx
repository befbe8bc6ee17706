import { Table, Text, Title } from '@mantine/core';
import { ADMIN_TEXTS } from '@podruga/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/index.ts';
import { AdminPage } from './AdminPage.tsx';

interface JobStats {
  runner: string;
  kinds: Array<{ name: string; waiting: number; active: number; delayed: number }>;
  failures: Array<{ job: string; key: string; attempts: number; error: string; at: string }>;
}

const TIME = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** /admin/jobs (issue 17): the job queue's depths per kind and its latest failures, refreshed every 5 s. */
export function AdminJobsPage() {
  const stats = useQuery({
    queryKey: ['admin', 'jobs'],
    queryFn: () => api.get<JobStats>('/api/admin/jobs'),
    refetchInterval: 5000,
    retry: false,
  });
  return (
    <AdminPage title={ADMIN_TEXTS.jobsTitle} query={stats} failed={ADMIN_TEXTS.jobsFailed}>
      {(data) => (
        <>
          <Text c="dimmed" size="sm">
            {data.runner === 'bullmq'
              ? 'BullMQ на Redis: числа общие для всех экземпляров.'
              : 'Очередь в памяти этого процесса (REDIS_URL не задан).'}
          </Text>
          <Table striped aria-label="Задачи по видам">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Вид</Table.Th>
                <Table.Th ta="right">Ждут</Table.Th>
                <Table.Th ta="right">Выполняются</Table.Th>
                <Table.Th ta="right">Отложены</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.kinds.map((kind) => (
                <Table.Tr key={kind.name}>
                  <Table.Td>{kind.name}</Table.Td>
                  <Table.Td ta="right">{kind.waiting}</Table.Td>
                  <Table.Td ta="right">{kind.active}</Table.Td>
                  <Table.Td ta="right">{kind.delayed}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={2} size="h3">
            Последние сбои
          </Title>
          {data.failures.length === 0 ? (
            <Text c="dimmed">Сбоев нет.</Text>
          ) : (
            <Table aria-label="Последние сбои">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Когда</Table.Th>
                  <Table.Th>Вид</Table.Th>
                  <Table.Th>Ключ</Table.Th>
                  <Table.Th ta="right">Попыток</Table.Th>
                  <Table.Th>Ошибка</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.failures.map((f) => (
                  <Table.Tr key={`${f.at}-${f.job}-${f.key}`}>
                    <Table.Td>{TIME.format(new Date(f.at))}</Table.Td>
                    <Table.Td>{f.job}</Table.Td>
                    <Table.Td>{f.key}</Table.Td>
                    <Table.Td ta="right">{f.attempts}</Table.Td>
                    <Table.Td>{f.error}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </AdminPage>
  );
}
