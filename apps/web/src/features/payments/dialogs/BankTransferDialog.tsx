import type { TwinpayMethod } from '@podruga/shared';
import { Dialog } from '../../../shared/ui/Dialog.tsx';
import type { PaymentDialogProps } from './types.ts';

export function BankTransferDialog(props: PaymentDialogProps & { method: TwinpayMethod }) {
  return <Dialog opened={props.opened} onClose={props.onClose} title="Оплата переводом" />;
}
