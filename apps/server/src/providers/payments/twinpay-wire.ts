import type { PaymentState, TwinpayMethod } from '@podruga/shared';
import { looseDate, looseId, looseNumber, optional } from './http.ts';
import type { TransferCreateRequest } from './port.ts';

/**
 * TwinPay's wire format, all in one place because most of it is UNVERIFIED (PROVIDERS.md §2).
 *
 * Verified (TwinPay's public API page): `POST {base}/api/v2/initiate-payment`, form-data with client_id,
 * client_secret, amount, currency, successUrl, cancelUrl, callbackUrl.
 * Guessed: the extra fields `order_id` and `method`, every field of the answer, the status call's path
 * and answer, the callback's fields and every status word. The parsers below therefore accept several
 * likely spellings and nesting under `data`; when the real format is known, change this file only.
 * Nothing here is trusted to grant access: the service confirms every callback with a status call.
 */
export const TWINPAY_WIRE = {
  initiatePath: '/api/v2/initiate-payment',
  /** UNVERIFIED guess; overridable with TwinpayOptions.statusPath. Called as POST form-data. */
  statusPath: '/api/v2/payment-status',
  currency: 'RUB',
} as const;

export interface TwinpayCredentials {
  clientId: string;
  clientSecret: string;
}

/** The initiate-payment form. */
export function initiateForm(
  request: TransferCreateRequest,
  credentials: TwinpayCredentials,
  callbackUrl: string,
): Record<string, string> {
  return {
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
    amount: String(request.amountRub),
    currency: TWINPAY_WIRE.currency,
    successUrl: request.successUrl,
    cancelUrl: request.cancelUrl,
    callbackUrl,
    // Not in the public page: our order id and the transfer kind (TO_CARD / SBP / SBP_ALFA).
    order_id: request.orderId,
    method: request.method satisfies TwinpayMethod,
  };
}

/** The status form (UNVERIFIED). */
export function statusForm(invoiceId: string, credentials: TwinpayCredentials): Record<string, string> {
  return { client_id: credentials.clientId, client_secret: credentials.clientSecret, invoice_id: invoiceId };
}

export interface TwinpayInvoice {
  invoiceId: string;
  cardNumber: string | null;
  phone: string | null;
  bank: string | null;
  holder: string | null;
  expiresAt: Date | null;
}

/** The initiate answer → the invoice; null when no id or no requisites can be found. */
export function readInvoice(answer: unknown): TwinpayInvoice | null {
  const root = flatten(answer);
  const id = pickId(root, ['invoice_id', 'invoiceId', 'payment_id', 'paymentId', 'id']);
  if (!id) return null;
  const card = pickString(root, ['card_number', 'cardNumber', 'card', 'requisite', 'requisites', 'number']);
  const cardDigits = card?.replace(/[\s-]/g, '') ?? '';
  const cardNumber = /^\d{16,19}$/.test(cardDigits) ? cardDigits : null;
  const phone = pickString(root, ['phone', 'sbp_phone', 'phone_number', 'phoneNumber']);
  if (!cardNumber && !phone) return null;
  return {
    invoiceId: id,
    cardNumber,
    phone,
    bank: pickString(root, ['bank', 'bank_name', 'bankName']),
    holder: pickString(root, ['holder', 'card_holder', 'cardHolder', 'fio', 'recipient', 'name']),
    expiresAt: looseDate.parse(root.expires_at ?? root.expiresAt ?? root.expired_at ?? root.expire_at),
  };
}

export interface TwinpayStatusAnswer {
  status: string;
  invoiceId: string | undefined;
  orderId: string | undefined;
  amount: number | undefined;
  currency: string | undefined;
}

/** A status answer or a callback body → the fields we use; null when there is no status word. */
export function readStatus(answer: unknown): TwinpayStatusAnswer | null {
  const root = flatten(answer);
  const status = pickString(root, ['status', 'payment_status', 'paymentStatus', 'state']);
  if (!status) return null;
  const amount = optional(looseNumber).parse(root.amount);
  return {
    status,
    invoiceId: pickId(root, ['invoice_id', 'invoiceId', 'payment_id', 'paymentId', 'id']),
    orderId: pickId(root, ['order_id', 'orderId', 'merchant_order_id']),
    amount,
    currency: pickString(root, ['currency']) ?? undefined,
  };
}

/** TwinPay's words → ours (UNVERIFIED: likely words of such APIs). Unknown words stay pending. */
export function twinpayState(status: string): PaymentState {
  const word = status.trim().toLowerCase();
  if (
    ['paid', 'success', 'succeeded', 'successful', 'completed', 'complete', 'confirmed', 'done'].includes(
      word,
    )
  ) {
    return 'paid';
  }
  if (['failed', 'fail', 'error', 'declined', 'rejected', 'canceled', 'cancelled', 'cancel'].includes(word)) {
    return 'failed';
  }
  if (['expired', 'timeout', 'time_out'].includes(word)) return 'expired';
  if (['refunded', 'refund'].includes(word)) return 'refunded';
  if (['chargeback', 'chargebacked', 'dispute'].includes(word)) return 'chargeback';
  return 'pending';
}

// ---------------------------------------------------------------- helpers

/** The answer's fields, with `data`, `result`, `payment` and `requisites` objects merged over the top level. */
function flatten(answer: unknown): Record<string, unknown> {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return {};
  const top = answer as Record<string, unknown>;
  let merged: Record<string, unknown> = { ...top };
  for (const key of ['data', 'result', 'payment', 'invoice', 'requisites']) {
    const inner = top[key];
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
      merged = { ...merged, ...flatten(inner) };
    }
  }
  return merged;
}

function pickString(record: Record<string, unknown>, keys: string[]): string | null {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

function pickId(record: Record<string, unknown>, keys: string[]): string | undefined {
  for (const key of keys) {
    const parsed = looseId.safeParse(record[key]);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}
