import { createHmac } from 'node:crypto';
import {
  callProvider,
  DEFAULT_TIMEOUT_MS,
  originOf,
  parseCallbackBody,
  safeEqual,
  trimBase,
} from './http.ts';
import {
  CallbackRejected,
  PaymentProviderError,
  type ProviderStatus,
  type TransferPaymentPort,
  type TwinpayOptions,
} from './port.ts';
import {
  initiateForm,
  readInvoice,
  readStatus,
  statusForm,
  TWINPAY_WIRE,
  twinpayState,
} from './twinpay-wire.ts';

/** The query parameters this adapter adds to the callback URL it gives TwinPay. */
export const TWINPAY_CALLBACK_QUERY = { order: 'order', token: 'token' } as const;

/**
 * TwinPay (PROVIDERS.md §2; the wire mapping and its uncertainty live in twinpay-wire.ts): bank-transfer
 * requisites (a card number or an SBP phone) for the payer to send money to.
 *
 * TwinPay's callbacks are not known to be signed, so `create` adds our order id and an HMAC token of it
 * (keyed with the client secret) to the callback URL; `verifyCallback` refuses a callback whose URL (when
 * the route passes `request.url`) lacks a valid token, and takes the order id from the signed URL. Without
 * `request.url` it only parses. Either way the service confirms the state with `status` before granting.
 */
export function createTwinpay(options: TwinpayOptions): TransferPaymentPort {
  // Given as the site (https://lk.twinpay.cloud) or as its API root (…/api/v2): the paths carry /api/v2.
  const base = trimBase(options.baseUrl).replace(/\/api\/v2$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const credentials = { clientId: options.clientId, clientSecret: options.clientSecret };
  const statusPath = options.statusPath ?? TWINPAY_WIRE.statusPath;

  return {
    adapter: 'twinpay',
    offline: false,
    describe: () =>
      `payments: bank transfer via TwinPay at ${originOf(base)} (wire format partly unverified)`,

    async create(request) {
      const callbackUrl = signedCallbackUrl(request.callbackUrl, request.orderId, options.clientSecret);
      const answer = await callProvider({
        method: 'POST',
        url: `${base}${TWINPAY_WIRE.initiatePath}`,
        timeoutMs,
        multipart: initiateForm(request, credentials, callbackUrl),
      });
      refuseFailure(answer, 'rejected');
      const invoice = readInvoice(answer);
      if (!invoice) {
        throw new PaymentProviderError('bad_response', undefined, {
          detail: `no invoice id or requisites in ${JSON.stringify(answer).slice(0, 300)}`,
        });
      }
      const sbpDetails = invoice.phone ? [invoice.phone, invoice.bank].filter(Boolean).join(', ') : null;
      return {
        providerPaymentId: invoice.invoiceId,
        // readInvoice guarantees a card number or a phone.
        requisites:
          (request.method === 'TO_CARD'
            ? (invoice.cardNumber ?? sbpDetails)
            : (sbpDetails ?? invoice.cardNumber)) ?? '',
        holder: invoice.holder,
        cardNumber: invoice.cardNumber,
        sbpDetails,
        expiresAt: invoice.expiresAt,
        raw: answer,
      };
    },

    async status(providerPaymentId) {
      const answer = await callProvider({
        method: 'POST',
        url: `${base}${statusPath}`,
        timeoutMs,
        multipart: statusForm(providerPaymentId, credentials),
        notFoundOn404: true,
      });
      refuseFailure(answer, 'not_found');
      const status = readStatus(answer);
      if (!status) {
        throw new PaymentProviderError('bad_response', undefined, {
          detail: `no status in ${JSON.stringify(answer).slice(0, 300)}`,
        });
      }
      return {
        state: twinpayState(status.status),
        providerStatus: status.status,
        providerPaymentId: status.invoiceId ?? providerPaymentId,
        orderId: status.orderId,
        amount: status.amount,
        currency: status.currency,
        raw: answer,
      } satisfies ProviderStatus;
    },

    verifyCallback(request) {
      let signedOrderId: string | undefined;
      if (request.url !== undefined) {
        const query = new URL(request.url, 'http://callback.invalid').searchParams;
        const orderId = query.get(TWINPAY_CALLBACK_QUERY.order) ?? '';
        const token = query.get(TWINPAY_CALLBACK_QUERY.token) ?? '';
        if (!orderId || !token || !safeEqual(token, callbackToken(options.clientSecret, orderId))) {
          throw new CallbackRejected('signature');
        }
        signedOrderId = orderId;
      }
      const body = parseCallbackBody(request);
      const status = readStatus(body);
      if (!status || (!status.invoiceId && !status.orderId && !signedOrderId))
        throw new CallbackRejected('malformed');
      return {
        providerPaymentId: status.invoiceId,
        // The signed URL names the order; everything in the body is only a claim. The service finds the
        // order by this id and confirms with status(<the invoice id it stored>), not the claimed one.
        orderId: signedOrderId ?? status.orderId,
        claimedStatus: status.status,
        raw: body,
      };
    },
  };
}

/** HMAC-SHA256 of the order id keyed with the client secret, base64url: the callback URL's proof. */
export function callbackToken(clientSecret: string, orderId: string): string {
  return createHmac('sha256', clientSecret).update(`twinpay-callback:${orderId}`).digest('base64url');
}

/** The callback URL with our order id and its token added to the query. */
export function signedCallbackUrl(callbackUrl: string, orderId: string, clientSecret: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set(TWINPAY_CALLBACK_QUERY.order, orderId);
  url.searchParams.set(TWINPAY_CALLBACK_QUERY.token, callbackToken(clientSecret, orderId));
  return url.toString();
}

/**
 * A 200 answer that says it failed (`{success:false}`, `{error:true}`, or on `create` `{status:'error'}`) is
 * still a failure. On `status` the word `status` is the payment's own, so only the first two count.
 */
function refuseFailure(answer: unknown, kind: 'rejected' | 'not_found'): void {
  if (typeof answer !== 'object' || answer === null) return;
  const record = answer as Record<string, unknown>;
  const failed =
    record.success === false ||
    record.error === true ||
    (kind === 'rejected' && typeof record.status === 'string' && record.status.toLowerCase() === 'error');
  if (failed) {
    throw new PaymentProviderError(kind, undefined, { detail: JSON.stringify(answer).slice(0, 500) });
  }
}
