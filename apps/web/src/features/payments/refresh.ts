import { PAYMENT_MESSAGES } from '@podruga/shared';
import { notify } from '../../shared/ui/notify.tsx';
import { authActions } from '../auth/store.ts';

/** After a paid order: the user again from the server (her plan), or a word that a reload may be needed. */
export async function refreshAfterPayment(): Promise<void> {
  try {
    await authActions.refreshUser();
  } catch {
    notify.warning(PAYMENT_MESSAGES.authRefreshFailed);
  }
}
