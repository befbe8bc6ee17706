import { Button, Group, Loader, Text } from '@mantine/core';
import classes from './PurchasePage.module.css';
import type { WatchState } from './usePaymentWatch.ts';

/** Where a card payment opened in another tab stands (002 §4 "Card / P2P status handling"). */
export function WatchPanel({
  state,
  onCheck,
  onCancel,
}: {
  state: WatchState;
  onCheck: () => void;
  onCancel: () => void;
}) {
  if (state.phase !== 'waiting' && state.phase !== 'processing') return null;
  return (
    <section className={classes.section} aria-label="Статус платежа" data-phase={state.phase}>
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" color="pink" />
        <Text size="sm">{state.message}</Text>
      </Group>
      {state.phase === 'waiting' && (
        <Text size="xs" c="dimmed">
          Страница оплаты открыта в новой вкладке. Когда оплатишь, вернись сюда — доступ включится сам.
        </Text>
      )}
      <Group gap="xs">
        <Button size="xs" onClick={onCheck}>
          Я оплатил — проверить
        </Button>
        <Button size="xs" variant="default" onClick={onCancel}>
          Отменить
        </Button>
      </Group>
    </section>
  );
}
