import { PAYMENT_TIMERS, type PaymentState } from '@podruga/shared';
import { z } from 'zod';
import {
  callProvider,
  DEFAULT_TIMEOUT_MS,
  headerValue,
  looseId,
  looseNumber,
  optional,
  originOf,
  parseAnswer,
  parseCallback,
  parseCallbackBody,
  safeEqual,
  trimBase,
} from './http.ts';
import {
  CallbackRejected,
  PaymentProviderError,
  type PlategaOptions,
  type ProviderStatus,
  type RedirectPaymentPort,
} from './port.ts';

/** Platega's method numbers (PROVIDERS.md §2): 11 is bank cards. */
const DEFAULT_PAYMENT_METHOD = 11;

/**
 * Platega (PROVIDERS.md §2): `X-MerchantId` and `X-Secret` on every call; the payer is redirected to
 * Platega's page. Its callbacks carry no signature but our own two headers, compared in constant time;
 * the service then confirms the state with `status`.
 */
export function createPlatega(options: PlategaOptions): RedirectPaymentPort {
  const base = trimBase(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers = { 'X-MerchantId': options.merchantId, 'X-Secret': options.secret };

  return {
    adapter: 'platega',
    offline: false,
    describe: () => `payments: card/SBP redirect via Platega at ${originOf(base)}`,

    async create(request) {
      // Platega assigns the transaction id itself: sending `id` is an error; our order id rides in `payload`.
      const answer = await callProvider({
        method: 'POST',
        url: `${base}/transaction/process`,
        headers,
        timeoutMs,
        json: {
          paymentMethod: options.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
          paymentDetails: { amount: request.amountRub, currency: 'RUB' },
          description: request.description,
          return: request.returnUrl,
          failedUrl: request.failedUrl,
          payload: request.orderId,
        },
      });
      const created = parseAnswer(createdSchema, answer);
      const redirectUrl = created.redirect ?? created.url;
      // The browser is sent there: only a web address will do.
      if (!redirectUrl || !/^https?:\/\//i.test(redirectUrl)) {
        throw new PaymentProviderError('bad_response', undefined, {
          detail: 'no redirect URL in the answer',
        });
      }
      return {
        providerPaymentId: created.transactionId,
        redirectUrl,
        expiresIn: created.expiresIn ?? PAYMENT_TIMERS.redirectDefaultExpiresIn,
        raw: answer,
      };
    },

    async status(providerPaymentId) {
      const answer = await callProvider({
        method: 'GET',
        url: `${base}/transaction/${encodeURIComponent(providerPaymentId)}`,
        headers,
        timeoutMs,
        notFoundOn404: true,
      });
      const transaction = parseAnswer(transactionSchema, answer);
      return {
        state: plategaState(transaction.status),
        providerStatus: transaction.status,
        providerPaymentId: transaction.id ?? transaction.transactionId ?? providerPaymentId,
        orderId: transaction.payload,
        amount: transaction.paymentDetails?.amount,
        currency: transaction.paymentDetails?.currency,
        raw: answer,
      } satisfies ProviderStatus;
    },

    verifyCallback(request) {
      // Both compared every time, so the timing does not tell which one was wrong.
      const merchantOk = safeEqual(headerValue(request, 'x-merchantid'), options.merchantId);
      const secretOk = safeEqual(headerValue(request, 'x-secret'), options.secret);
      if (!options.merchantId || !options.secret || !merchantOk || !secretOk) {
        throw new CallbackRejected('signature');
      }
      const body = parseCallback(callbackSchema, parseCallbackBody(request));
      return { providerPaymentId: body.id, orderId: body.payload, claimedStatus: body.status, raw: body };
    },
  };
}

/** Platega's words → ours. EXPIRED and FAILED come from older documentation; unknown words stay pending. */
export function plategaState(status: string): PaymentState {
  switch (status.toUpperCase()) {
    case 'CONFIRMED':
      return 'paid';
    case 'CANCELED':
    case 'CANCELLED':
    case 'FAILED':
      return 'failed';
    case 'EXPIRED':
      return 'expired';
    case 'CHARGEBACKED':
    case 'CHARGEBACK':
      return 'chargeback';
    default:
      return 'pending';
  }
}

// ---------------------------------------------------------------- wire shapes

const createdSchema = z.object({
  transactionId: looseId,
  redirect: optional(z.string().min(1)),
  url: optional(z.string().min(1)),
  status: optional(z.string()),
  expiresIn: optional(z.string().regex(/^\d{1,3}:\d{2}:\d{2}$/)),
});

const transactionSchema = z.object({
  id: optional(looseId),
  transactionId: optional(looseId),
  status: z.string().min(1),
  paymentDetails: optional(z.object({ amount: optional(looseNumber), currency: optional(z.string()) })),
  payload: optional(looseId),
});

const callbackSchema = z.object({
  id: looseId,
  status: z.string().min(1),
  amount: optional(looseNumber),
  currency: optional(z.string()),
  paymentMethod: optional(looseNumber),
  payload: optional(looseId),
});
