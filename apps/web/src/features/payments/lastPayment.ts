import { lastPaymentKeys, ORDER_ID_PATTERN, PAYMENT_TIMERS, type Product } from '@podruga/shared';
import { local } from '../../shared/storage.ts';

/**
 * The client's last payment (002 §3 `{product}LastPaymentId` / `…Time`): the card payment opened in
 * another tab, re-checked when the page opens again within 24 hours.
 */
export const lastPayment = {
  save(product: Product, orderId: string, now = Date.now()): void {
    const keys = lastPaymentKeys(product);
    local.set(keys.id, orderId);
    local.set(keys.time, String(now));
  },

  clear(product: Product): void {
    const keys = lastPaymentKeys(product);
    local.remove(keys.id);
    local.remove(keys.time);
  },

  /**
   * The stored id worth checking, or null. Ids of an old format (anything but our `order_…`, e.g. the
   * old `client-…` ones) and payments older than 24 hours are dropped on the way (002 §4).
   */
  take(product: Product, now = Date.now()): string | null {
    const keys = lastPaymentKeys(product);
    const id = local.get(keys.id);
    if (id === null) return null;
    if (!ORDER_ID_PATTERN.test(id) || id.startsWith('client-')) {
      lastPayment.clear(product);
      return null;
    }
    const time = Number(local.get(keys.time));
    if (!Number.isFinite(time) || time <= 0 || now - time > PAYMENT_TIMERS.storedPaymentMaxAgeMs) {
      lastPayment.clear(product);
      return null;
    }
    return id;
  },
};

/** Session flags of the account made for a payment (002 §3), read by the follow-up dialogs. */
export const ACCOUNT_FLAGS = {
  temp: 'has_temp_account',
  anonymous: 'has_anonymous_account',
  originalEmail: 'temp_account_original_email',
  tempId: 'temp_account_id',
} as const;
