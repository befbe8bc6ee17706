import { lazy, Suspense } from 'react';
import { usePaywall } from './paywallStore.ts';

const PaywallDialog = lazy(() => import('./PaywallDialog.tsx').then((m) => ({ default: m.PaywallDialog })));

/** The paywall's code loads when it first opens. */
export function PaywallDialogHost() {
  const opened = usePaywall((s) => s.opened);
  const everOpened = usePaywall((s) => s.everOpened);
  if (!opened && !everOpened) return null;
  return (
    <Suspense fallback={null}>
      <PaywallDialog />
    </Suspense>
  );
}
