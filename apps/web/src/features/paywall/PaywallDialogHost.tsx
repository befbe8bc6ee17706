import { lazyDialogHost } from '../../shared/ui/lazyDialogHost.tsx';
import { usePaywall } from './paywallStore.ts';

/** The paywall: its code loads when it first opens. */
export const PaywallDialogHost = lazyDialogHost(
  () => import('./PaywallDialog.tsx').then((m) => m.PaywallDialog),
  usePaywall,
);
