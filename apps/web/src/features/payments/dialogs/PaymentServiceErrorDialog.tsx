import { Badge, Button, Stack, Text } from '@mantine/core';
import { Dialog, DialogActions } from '../../../shared/ui/Dialog.tsx';
import type { AltMethod } from './types.ts';

/** The alternatives in the spec's order (002 §8), crypto recommended, plain SBP flagged. */
const METHODS: { method: AltMethod; label: string; badge?: { text: string; color: string } }[] = [
  { method: 'SBP_ALFA', label: 'СБП (Альфа-Банк)' },
  { method: 'crypto', label: 'Криптовалюта', badge: { text: 'Рекомендуем', color: 'teal' } },
  { method: 'TO_CARD', label: 'Перевод на карту' },
  { method: 'SBP', label: 'СБП', badge: { text: 'Может работать нестабильно', color: 'yellow' } },
];

/** The card service failed (HTTP 400, 502, 503 on creation): other ways to pay (002 §2, §8). */
export function PaymentServiceErrorDialog(props: {
  opened: boolean;
  onClose(): void;
  onPick(method: AltMethod): void;
}) {
  return (
    <Dialog opened={props.opened} onClose={props.onClose} title="Сервис оплаты недоступен" size={440}>
      <Text size="sm" mb="md">
        Оплата картой сейчас не проходит. Выбери другой способ — доступ откроется так же сразу после оплаты.
      </Text>
      <Stack gap="xs">
        {METHODS.map((m) => (
          <Button
            key={m.method}
            variant={m.method === 'crypto' ? 'filled' : 'default'}
            fullWidth
            h="auto"
            py="xs"
            onClick={() => props.onPick(m.method)}
            styles={{ label: { whiteSpace: 'normal', flexWrap: 'wrap', gap: 8, justifyContent: 'center' } }}
          >
            <span>{m.label}</span>
            {m.badge && (
              <Badge color={m.badge.color} variant="light" size="sm">
                {m.badge.text}
              </Badge>
            )}
          </Button>
        ))}
      </Stack>
      <DialogActions>
        <Button variant="subtle" onClick={props.onClose}>
          Отмена
        </Button>
      </DialogActions>
    </Dialog>
  );
}
