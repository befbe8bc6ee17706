import { Dialog } from '../../../shared/ui/Dialog.tsx';
import type { PaymentDialogProps } from './types.ts';

export function RedirectPaymentDialog(props: PaymentDialogProps & { onServiceError(): void }) {
  return <Dialog opened={props.opened} onClose={props.onClose} title="Оплата" />;
}
