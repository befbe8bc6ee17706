import { Dialog } from '../../../shared/ui/Dialog.tsx';
import type { AltMethod } from './types.ts';

export function PaymentServiceErrorDialog(props: {
  opened: boolean;
  onClose(): void;
  onPick(method: AltMethod): void;
}) {
  return <Dialog opened={props.opened} onClose={props.onClose} title="Сервис оплаты недоступен" />;
}
