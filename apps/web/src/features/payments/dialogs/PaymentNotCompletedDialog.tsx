import { Button, Text } from '@mantine/core';
import { PAYMENT_MESSAGES } from '@podruga/shared';
import { Dialog, DialogActions } from '../../../shared/ui/Dialog.tsx';

/**
 * 'Платеж не завершен' (002 §2, §8): after a return with payment=failed (default text and «Попробовать
 * снова»), and when a redirect payment is checked before it is paid («Проверить снова»).
 */
export function PaymentNotCompletedDialog(props: {
  opened: boolean;
  onClose(): void;
  onRetry(): void;
  text?: string;
  /** The retry button's label; «Попробовать снова» unless told. */
  retryLabel?: string;
  /** Shown above another dialog (the redirect dialog opens it over itself). */
  zIndex?: number;
}) {
  return (
    <Dialog
      opened={props.opened}
      onClose={props.onClose}
      title={PAYMENT_MESSAGES.notCompletedTitle}
      size={420}
      zIndex={props.zIndex}
    >
      <Text size="sm">{props.text ?? PAYMENT_MESSAGES.failedQuery}</Text>
      <DialogActions>
        <Button variant="default" onClick={props.onClose}>
          {PAYMENT_MESSAGES.cancel}
        </Button>
        <Button onClick={props.onRetry}>{props.retryLabel ?? PAYMENT_MESSAGES.tryAgain}</Button>
      </DialogActions>
    </Dialog>
  );
}
