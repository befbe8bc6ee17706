import { lazy } from 'react';

// The dialogs load the first time one opens: the page itself stays light (DESIGN §8).
const load = () => import('./dialogs/index.ts');

export const CryptoPaymentDialog = lazy(() => load().then((m) => ({ default: m.CryptoPaymentDialog })));
export const BankTransferDialog = lazy(() => load().then((m) => ({ default: m.BankTransferDialog })));
export const RedirectPaymentDialog = lazy(() => load().then((m) => ({ default: m.RedirectPaymentDialog })));
export const PaymentServiceErrorDialog = lazy(() =>
  load().then((m) => ({ default: m.PaymentServiceErrorDialog })),
);
export const PaymentNotCompletedDialog = lazy(() =>
  load().then((m) => ({ default: m.PaymentNotCompletedDialog })),
);
export const TempAccountDialog = lazy(() => load().then((m) => ({ default: m.TempAccountDialog })));
export const AnonymousAccountDialog = lazy(() => load().then((m) => ({ default: m.AnonymousAccountDialog })));
export const PaymentSuccessDialog = lazy(() => load().then((m) => ({ default: m.PaymentSuccessDialog })));
