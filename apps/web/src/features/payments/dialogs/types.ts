import type { PlanType } from '@podruga/shared';

/** The other ways to pay offered when a provider's service fails (002 §2 "PaymentServiceErrorDialog"). */
export type AltMethod = 'SBP_ALFA' | 'crypto' | 'TO_CARD' | 'SBP';

export interface PaymentDialogProps {
  opened: boolean;
  planType: PlanType;
  onClose(): void;
  onSuccess(orderId: string): void;
}
