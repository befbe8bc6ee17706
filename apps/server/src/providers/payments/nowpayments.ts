import { createHmac } from 'node:crypto';
import { CRYPTO, CRYPTO_STATUSES, type CryptoStatus, type PaymentState } from '@podruga/shared';
import { z } from 'zod';
import {
  callProvider,
  DEFAULT_TIMEOUT_MS,
  headerValue,
  looseDate,
  looseId,
  looseNumber,
  optional,
  originOf,
  parseAnswer,
  parseCallback,
  safeEqual,
  trimBase,
} from './http.ts';
import {
  CallbackRejected,
  type CryptoCurrencyInfo,
  type CryptoPaymentInfo,
  type CryptoPaymentPort,
  type NowPaymentsOptions,
} from './port.ts';

/**
 * NOWPayments (PROVIDERS.md §1): `x-api-key` on every call; IPN callbacks signed with HMAC-SHA512 of the
 * body with its keys sorted recursively. The base URL may be given with or without `/v1`
 * (https://api.nowpayments.io/v1, https://api-sandbox.nowpayments.io).
 */
export function createNowPayments(options: NowPaymentsOptions): CryptoPaymentPort {
  const base = apiBase(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers = { 'x-api-key': options.apiKey };
  const get = (path: string, query: Record<string, string>, notFoundOn404 = false) =>
    callProvider({
      method: 'GET',
      url: `${base}${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`,
      headers,
      timeoutMs,
      notFoundOn404,
    });

  return {
    adapter: 'nowpayments',
    offline: false,
    describe: () =>
      `payments: crypto via NOWPayments at ${originOf(base)}${base.includes('sandbox') ? ' (their sandbox)' : ''}`,

    async currencies() {
      const answer = parseAnswer(fullCurrenciesSchema, await get('/full-currencies', {}));
      return answer.currencies
        .filter((coin) => coin.enable !== false)
        .map(
          (coin): CryptoCurrencyInfo => ({
            code: coin.code.toLowerCase(),
            name: coin.name ?? coin.code.toUpperCase(),
            network: coin.network ?? null,
            logoUrl: coin.logo_url ? absoluteLogo(coin.logo_url) : null,
          }),
        );
    },

    async minAmount(from, to) {
      const answer = parseAnswer(
        z.object({ min_amount: looseNumber }),
        await get('/min-amount', { currency_from: from.toLowerCase(), currency_to: to.toLowerCase() }),
      );
      return answer.min_amount;
    },

    async estimate(amount, from, to) {
      const answer = parseAnswer(
        z.object({ estimated_amount: looseNumber }),
        await get('/estimate', {
          amount: String(amount),
          currency_from: from.toLowerCase(),
          currency_to: to.toLowerCase(),
        }),
      );
      return answer.estimated_amount;
    },

    async create(request) {
      const answer = await callProvider({
        method: 'POST',
        url: `${base}/payment`,
        headers,
        timeoutMs,
        json: {
          price_amount: request.priceAmount,
          price_currency: request.priceCurrency,
          pay_currency: nowPaymentsCoin(request.payCurrency, request.network),
          ipn_callback_url: request.ipnCallbackUrl,
          order_id: request.orderId,
          order_description: request.description,
          is_fixed_rate: request.isFixedRate,
          is_fee_paid_by_user: request.isFeePaidByUser,
        },
      });
      const payment = parseAnswer(
        paymentSchema.extend({ pay_address: z.string().min(1), pay_amount: looseNumber }),
        answer,
      );
      return toPaymentInfo(payment, answer, request.network ?? null);
    },

    async status(providerPaymentId) {
      const answer = await get(`/payment/${encodeURIComponent(providerPaymentId)}`, {}, true);
      return toPaymentInfo(parseAnswer(paymentSchema, answer), answer, null);
    },

    verifyCallback(request) {
      const signature = headerValue(request, 'x-nowpayments-sig').trim().toLowerCase();
      let body: unknown;
      try {
        body = JSON.parse(request.rawBody);
      } catch {
        throw new CallbackRejected('malformed');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new CallbackRejected('malformed');
      }
      // No secret configured means no callback can be trusted.
      if (!options.ipnSecret || !signature) throw new CallbackRejected('signature');
      if (!safeEqual(signature, ipnSignature(body, options.ipnSecret)))
        throw new CallbackRejected('signature');
      const ipn = parseCallback(
        z.object({ payment_id: looseId, payment_status: z.string().min(1), order_id: optional(looseId) }),
        body,
      );
      return {
        providerPaymentId: ipn.payment_id,
        orderId: ipn.order_id,
        claimedStatus: ipn.payment_status,
        raw: body,
      };
    },
  };
}

/** NOWPayments' words → ours. Only `finished` is fully paid; `partially_paid` is a short amount. */
export function nowPaymentsState(status: string): PaymentState {
  switch (status) {
    case 'finished':
      return 'paid';
    case 'failed':
      return 'failed';
    case 'expired':
      return 'expired';
    case 'refunded':
    case 'partially_refunded':
      return 'refunded';
    default:
      return 'pending';
  }
}

/** Keys sorted alphabetically at every depth (the IPN's nested `fee` included); arrays keep their order. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, sortKeysDeep(record[key])]),
    );
  }
  return value;
}

/** The IPN signature: HMAC-SHA512 (hex) of the parsed body, keys sorted recursively, no spaces. */
export function ipnSignature(body: unknown, ipnSecret: string): string {
  return createHmac('sha512', ipnSecret)
    .update(JSON.stringify(sortKeysDeep(body)))
    .digest('hex');
}

/**
 * Our coin + network (CRYPTO.networks) → NOWPayments' ticker: usdt on trc20 is `usdttrc20`. Only the coins
 * that have a network choice (CRYPTO.withNetwork) get a suffix; a ticker that already names its network
 * passes through.
 */
export function nowPaymentsCoin(coin: string, network: string | undefined): string {
  const code = coin.trim().toLowerCase();
  if (!network || !(CRYPTO.withNetwork as readonly string[]).includes(code)) return code;
  const net = network.trim().toLowerCase();
  const special = SPECIAL_TICKERS[`${code}:${net}`];
  if (special) return special;
  return `${code}${NETWORK_SUFFIX[net] ?? net}`;
}

const NETWORK_SUFFIX: Record<string, string> = {
  eth: 'erc20',
  trc20: 'trc20',
  bsc: 'bsc',
  polygon: 'matic',
  solana: 'sol',
};
// Native coins and the ERC-20 USDC, whose tickers do not follow the pattern.
const SPECIAL_TICKERS: Record<string, string> = {
  'usdc:eth': 'usdc',
  'bnb:bsc': 'bnbbsc',
  'matic:polygon': 'maticmainnet',
  'matic:eth': 'matic',
};

// ---------------------------------------------------------------- wire shapes

const fullCurrenciesSchema = z.object({
  currencies: z.array(
    z.object({
      code: z.string().min(1),
      name: optional(z.string()),
      network: optional(z.string()),
      logo_url: optional(z.string()),
      enable: optional(z.boolean()),
    }),
  ),
});

const paymentSchema = z.object({
  payment_id: looseId,
  payment_status: z.string().min(1),
  pay_address: optional(z.string()),
  pay_amount: optional(looseNumber),
  pay_currency: optional(z.string()),
  price_amount: optional(looseNumber),
  price_currency: optional(z.string()),
  order_id: optional(looseId),
  network: optional(z.string()),
  expiration_estimate_date: looseDate,
});

function toPaymentInfo(
  payment: z.output<typeof paymentSchema>,
  raw: unknown,
  requestedNetwork: string | null,
): CryptoPaymentInfo {
  const status = payment.payment_status.toLowerCase();
  return {
    state: nowPaymentsState(status),
    providerStatus: payment.payment_status,
    // An unknown word is still "not paid yet" for the dialog; the word itself is kept in providerStatus.
    cryptoStatus: (CRYPTO_STATUSES as readonly string[]).includes(status)
      ? (status as CryptoStatus)
      : 'waiting',
    providerPaymentId: payment.payment_id,
    orderId: payment.order_id,
    amount: payment.price_amount,
    currency: payment.price_currency,
    payAddress: payment.pay_address ?? '',
    payAmount: payment.pay_amount ?? 0,
    payCurrency: payment.pay_currency ?? '',
    network: payment.network ?? requestedNetwork,
    priceAmount: payment.price_amount ?? 0,
    priceCurrency: payment.price_currency ?? 'usd',
    expiresAt: payment.expiration_estimate_date,
    raw,
  };
}

function apiBase(baseUrl: string): string {
  const base = trimBase(baseUrl);
  return /\/v1$/.test(base) ? base : `${base}/v1`;
}

/** full-currencies gives logos as paths on nowpayments.io. */
function absoluteLogo(logo: string): string {
  return /^https?:\/\//.test(logo) ? logo : `https://nowpayments.io${logo.startsWith('/') ? '' : '/'}${logo}`;
}
