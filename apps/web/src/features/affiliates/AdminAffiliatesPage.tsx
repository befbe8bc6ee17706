import { Table, Text } from '@mantine/core';
import { AFFILIATE, AFFILIATE_TEXTS, type AffiliateReportRow } from '@podruga/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/index.ts';
import { AdminPage } from '../admin/AdminPage.tsx';

const CURRENCY: Record<string, string> = { RUB: '₽', USD: '$' };

/** "1 090 ₽ · 15 $": the revenue per currency, or a dash. */
export function formatRevenue(revenue: Record<string, number>): string {
  const parts = Object.entries(revenue)
    .filter(([, amount]) => amount > 0)
    .map(([currency, amount]) => `${amount.toLocaleString('ru-RU')} ${CURRENCY[currency] ?? currency}`);
  return parts.length ? parts.join(' · ') : '—';
}

const DATE = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** /admin/affiliates (issue 16): per code, visits, sign-ups, payments and revenue. Admins only (403 else). */
export function AdminAffiliatesPage() {
  const report = useQuery({
    queryKey: ['admin', 'affiliates'],
    queryFn: () => api.get<{ codes: AffiliateReportRow[] }>('/api/admin/affiliates').then((r) => r.codes),
    retry: false,
  });
  return (
    <AdminPage title={AFFILIATE_TEXTS.title} query={report} failed={AFFILIATE_TEXTS.loadFailed}>
      {(data) => (
        <>
          <Text c="dimmed" size="sm">
            Переход — каждое открытие ссылки. Пользователи — гости и аккаунты, пришедшие по коду впервые;
            регистрации — из них зарегистрированные. Оплаты и выручка — оплаченные заказы в течение{' '}
            {AFFILIATE.attributionDays} дней после первого перехода.
          </Text>
          {data.length === 0 ? (
            <Text c="dimmed">{AFFILIATE_TEXTS.empty}</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped highlightOnHover aria-label={AFFILIATE_TEXTS.title}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Код</Table.Th>
                    <Table.Th ta="right">Переходы</Table.Th>
                    <Table.Th ta="right">Пользователи</Table.Th>
                    <Table.Th ta="right">Регистрации</Table.Th>
                    <Table.Th ta="right">Оплаты</Table.Th>
                    <Table.Th ta="right">Выручка</Table.Th>
                    <Table.Th>Последний переход</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((row) => (
                    <Table.Tr key={row.code}>
                      <Table.Td>{row.code}</Table.Td>
                      <Table.Td ta="right">{row.visits}</Table.Td>
                      <Table.Td ta="right">{row.users}</Table.Td>
                      <Table.Td ta="right">{row.signups}</Table.Td>
                      <Table.Td ta="right">{row.payments}</Table.Td>
                      <Table.Td ta="right">{formatRevenue(row.revenue)}</Table.Td>
                      <Table.Td>
                        {row.last_visit_at ? DATE.format(new Date(row.last_visit_at)) : '—'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </AdminPage>
  );
}
