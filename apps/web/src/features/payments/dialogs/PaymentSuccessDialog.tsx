import { PAYMENT_MESSAGES, type Product } from '@podruga/shared';
import { Dialog } from '../../../shared/ui/Dialog.tsx';

export function PaymentSuccessDialog(props: { opened: boolean; product: Product; onContinue(): void }) {
  return <Dialog opened={props.opened} onClose={props.onContinue} title={PAYMENT_MESSAGES.successTitle} />;
}
