import { PAYMENT_MESSAGES } from '@podruga/shared';
import { Dialog } from '../../../shared/ui/Dialog.tsx';

export function PaymentNotCompletedDialog(props: {
  opened: boolean;
  onClose(): void;
  onRetry(): void;
  text?: string;
}) {
  return <Dialog opened={props.opened} onClose={props.onClose} title={PAYMENT_MESSAGES.notCompletedTitle} />;
}
