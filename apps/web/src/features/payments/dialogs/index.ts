/**
 * The payment dialogs (002 §2). One module per dialog so a page can load the heavy ones (the crypto
 * dialog carries the QR code library) only when they open.
 */
export { AnonymousAccountDialog, TempAccountDialog } from './AccountDialogs.tsx';
export { BankTransferDialog } from './BankTransferDialog.tsx';
export { CryptoPaymentDialog } from './CryptoPaymentDialog.tsx';
export { PaymentNotCompletedDialog } from './PaymentNotCompletedDialog.tsx';
export { PaymentServiceErrorDialog } from './PaymentServiceErrorDialog.tsx';
export { PaymentSuccessDialog } from './PaymentSuccessDialog.tsx';
export { RedirectPaymentDialog } from './RedirectPaymentDialog.tsx';
export type { AltMethod, PaymentDialogProps } from './types.ts';
