import { Loader, Portal, Text } from '@mantine/core';
import classes from './PurchasePage.module.css';

/** The full-screen payment-loading overlay (002 §2) with what is happening. */
export function PaymentOverlay({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Portal>
      <div className={classes.overlay} role="status" aria-live="polite">
        <Loader color="pink" />
        <Text fw={600}>{message}</Text>
      </div>
    </Portal>
  );
}
