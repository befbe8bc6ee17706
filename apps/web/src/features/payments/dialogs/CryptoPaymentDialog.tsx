import { Dialog } from '../../../shared/ui/Dialog.tsx';
import type { PaymentDialogProps } from './types.ts';

export function CryptoPaymentDialog(props: PaymentDialogProps) {
  return <Dialog opened={props.opened} onClose={props.onClose} title="Оплата криптовалютой" />;
}
