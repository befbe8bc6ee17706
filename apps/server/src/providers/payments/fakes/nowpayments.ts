import { createHmac } from 'node:crypto';
import {
  type CallbackTampering,
  deliverCallback,
  type FakeCallback,
  type FakeControls,
  type FakeReply,
  startFakeServer,
  withHeaders,
} from './fake-server.ts';

/** A payment as the fake keeps it: NOWPayments' own record. */
export interface FakeNowPayment {
  payment_id: number;
  payment_status: string;
  pay_address: string;
  price_amount: number;
  price_currency: string;
  pay_amount: number;
  actually_paid: number;
  pay_currency: string;
  order_id: string | null;
  order_description: string | null;
  ipn_callback_url: string | null;
  network: string;
  is_fixed_rate: boolean;
  is_fee_paid_by_user: boolean;
  created_at: string;
  updated_at: string;
  expiration_estimate_date: string;
}

export interface FakeNowPayments extends FakeControls {
  payments: Map<string, FakeNowPayment>;
  setStatus(id: string, providerStatus: string): void;
  /** The IPN NOWPayments would send about this payment: JSON, `x-nowpayments-sig`, a nested `fee`. */
  callback(
    callbackUrl: string | undefined,
    id: string,
    overrides?: Record<string, unknown>,
    tampering?: CallbackTampering,
  ): FakeCallback;
  sendCallback(
    callbackUrl: string | undefined,
    id: string,
    overrides?: Record<string, unknown>,
    tampering?: CallbackTampering,
  ): Promise<{ status: number; body: string }>;
}

/** Coins the fake knows: NOWPayments ticker → [name, network, USD per coin]. */
const COINS: Record<string, [string, string, number]> = {
  btc: ['Bitcoin', 'btc', 60_000],
  eth: ['Ethereum', 'eth', 3_000],
  trx: ['TRON', 'trx', 0.12],
  xmr: ['Monero', 'xmr', 150],
  ltc: ['Litecoin', 'ltc', 80],
  dash: ['Dash', 'dash', 30],
  usdttrc20: ['Tether USD (Tron)', 'trx', 1],
  usdterc20: ['Tether USD (Ethereum)', 'eth', 1],
  usdtbsc: ['Tether USD (BSC)', 'bsc', 1],
  usdc: ['USD Coin (Ethereum)', 'eth', 1],
};
const USD_PER_UNIT: Record<string, number> = { usd: 1 };

/**
 * A local NOWPayments speaking its wire format (PROVIDERS.md §1): `x-api-key` checked on every call,
 * /v1/full-currencies, /v1/currencies, /v1/min-amount, /v1/estimate, POST /v1/payment,
 * GET /v1/payment/{id}; IPNs signed like the real one.
 */
export async function startFakeNowPayments(opts: {
  apiKey: string;
  ipnSecret: string;
}): Promise<FakeNowPayments> {
  const payments = new Map<string, FakeNowPayment>();
  let nextId = 5_077_000_000;

  const rate = (from: string, to: string) => {
    const fromUsd = USD_PER_UNIT[from] ?? COINS[from]?.[2];
    const toUsd = USD_PER_UNIT[to] ?? COINS[to]?.[2];
    if (!fromUsd || !toUsd) return null;
    return fromUsd / toUsd;
  };

  const route = (method: string, url: URL, body: string, apiKey: string | undefined): FakeReply => {
    if (apiKey !== opts.apiKey) {
      return {
        status: 403,
        json: { status: false, statusCode: 403, code: 'INVALID_API_KEY', message: 'Invalid api key' },
      };
    }
    const path = url.pathname;
    if (method === 'GET' && path === '/v1/full-currencies') {
      return {
        status: 200,
        json: {
          currencies: Object.entries(COINS).map(([code, [name, network]], index) => ({
            id: index + 1,
            code: code.toUpperCase(),
            name,
            enable: code !== 'dash',
            wallet_regex: '^.+$',
            priority: index,
            extra_id_exists: false,
            extra_id_regex: null,
            logo_url: `/images/coins/${code}.svg`,
            track: true,
            cg_id: code,
            is_maxlimit: false,
            network,
            smart_contract: null,
            network_precision: null,
          })),
        },
      };
    }
    if (method === 'GET' && path === '/v1/currencies') {
      return { status: 200, json: { currencies: Object.keys(COINS) } };
    }
    if (method === 'GET' && path === '/v1/min-amount') {
      const from = url.searchParams.get('currency_from') ?? '';
      const to = url.searchParams.get('currency_to') ?? '';
      if (!COINS[from] || !(COINS[to] || USD_PER_UNIT[to]))
        return badRequest('currency_from or currency_to is invalid');
      // The real answer sends the amount as a number; min amounts are small.
      return {
        status: 200,
        json: { currency_from: from, currency_to: to, min_amount: 10 / (COINS[from]?.[2] ?? 1) },
      };
    }
    if (method === 'GET' && path === '/v1/estimate') {
      const amount = Number(url.searchParams.get('amount'));
      const from = url.searchParams.get('currency_from') ?? '';
      const to = url.searchParams.get('currency_to') ?? '';
      const r = rate(from, to);
      if (!(amount > 0) || r === null) return badRequest('amount, currency_from or currency_to is invalid');
      // The real API sends estimated_amount as a string.
      return {
        status: 200,
        json: {
          currency_from: from,
          amount_from: amount,
          currency_to: to,
          estimated_amount: (amount * r).toFixed(8),
        },
      };
    }
    if (method === 'POST' && path === '/v1/payment') {
      const input = JSON.parse(body || '{}') as Record<string, unknown>;
      const priceAmount = input.price_amount;
      const priceCurrency = String(input.price_currency ?? '').toLowerCase();
      const payCurrency = String(input.pay_currency ?? '').toLowerCase();
      if (typeof priceAmount !== 'number' || !(priceAmount > 0))
        return badRequest('"price_amount" must be a positive number');
      const r = rate(priceCurrency, payCurrency);
      if (r === null) return badRequest(`Currency ${payCurrency} was not found`);
      const now = new Date();
      const id = nextId++;
      const payment: FakeNowPayment = {
        payment_id: id,
        payment_status: 'waiting',
        pay_address: `fake-${payCurrency}-address-${id}`,
        price_amount: priceAmount,
        price_currency: priceCurrency,
        pay_amount: Number((priceAmount * r).toFixed(8)),
        actually_paid: 0,
        pay_currency: payCurrency,
        order_id: typeof input.order_id === 'string' ? input.order_id : null,
        order_description: typeof input.order_description === 'string' ? input.order_description : null,
        ipn_callback_url: typeof input.ipn_callback_url === 'string' ? input.ipn_callback_url : null,
        network: COINS[payCurrency]?.[1] ?? payCurrency,
        is_fixed_rate: input.is_fixed_rate === true,
        is_fee_paid_by_user: input.is_fee_paid_by_user === true,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        expiration_estimate_date: new Date(now.getTime() + 20 * 60_000).toISOString(),
      };
      payments.set(String(id), payment);
      return {
        status: 201,
        json: { ...payment, purchase_id: String(id + 1), amount_received: null, burning_percent: null },
      };
    }
    const match = /^\/v1\/payment\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const payment = payments.get(decodeURIComponent(match[1] ?? ''));
      if (!payment)
        return {
          status: 404,
          json: { status: false, statusCode: 404, code: 'NOT_FOUND', message: 'Payment not found' },
        };
      // The status answer has no network nor expiry date, and has outcome fields.
      const {
        network: _network,
        expiration_estimate_date: _expiry,
        ipn_callback_url: _ipn,
        ...record
      } = payment;
      return {
        status: 200,
        json: {
          ...record,
          invoice_id: null,
          payin_extra_id: null,
          outcome_amount: record.price_amount,
          outcome_currency: 'usdttrc20',
        },
      };
    }
    return { status: 404, json: { message: 'not found' } };
  };

  const controls = await startFakeServer((request) => {
    const url = new URL(request.url, 'http://fake.invalid');
    const apiKey = request.headers['x-api-key'];
    return route(request.method, url, request.body, Array.isArray(apiKey) ? apiKey[0] : apiKey);
  });

  const find = (id: string) => {
    const payment = payments.get(id);
    if (!payment) throw new Error(`fake NOWPayments: no payment ${id}`);
    return payment;
  };

  const callback: FakeNowPayments['callback'] = (callbackUrl, id, overrides, tampering) => {
    const payment = find(id);
    const url = callbackUrl ?? payment.ipn_callback_url;
    if (!url) throw new Error('fake NOWPayments: no callback URL');
    // Keys deliberately out of order, with the nested `fee` of real IPNs.
    const body = {
      payment_status: payment.payment_status,
      payment_id: payment.payment_id,
      parent_payment_id: null,
      invoice_id: null,
      pay_address: payment.pay_address,
      payin_extra_id: null,
      price_amount: payment.price_amount,
      price_currency: payment.price_currency,
      pay_amount: payment.pay_amount,
      actually_paid: payment.actually_paid,
      actually_paid_at_fiat: 0,
      pay_currency: payment.pay_currency,
      order_id: payment.order_id,
      order_description: payment.order_description,
      purchase_id: String(payment.payment_id + 1),
      outcome_amount: payment.actually_paid,
      outcome_currency: payment.pay_currency,
      payment_extra_ids: null,
      fee: { withdrawalFee: 0, depositFee: 0, serviceFee: 0, currency: payment.pay_currency },
      updated_at: Date.parse(payment.updated_at),
      ...overrides,
    };
    const text = JSON.stringify(body);
    return {
      url,
      headers: withHeaders(
        { 'content-type': 'application/json', 'x-nowpayments-sig': signIpn(body, opts.ipnSecret) },
        tampering?.headers,
      ),
      body: tampering?.rawBody ?? text,
    };
  };

  return {
    ...controls,
    payments,
    setStatus(id, providerStatus) {
      const payment = find(id);
      payment.payment_status = providerStatus;
      payment.updated_at = new Date().toISOString();
      if (providerStatus === 'finished' || providerStatus === 'confirmed' || providerStatus === 'sending') {
        payment.actually_paid = payment.pay_amount;
      }
    },
    callback,
    sendCallback: (callbackUrl, id, overrides, tampering) =>
      deliverCallback(callback(callbackUrl, id, overrides, tampering)),
  };
}

/** NOWPayments' documented IPN signature, written independently of the adapter's (the docs' sortObject). */
function signIpn(body: object, secret: string): string {
  const sortObject = (object: Record<string, unknown>): Record<string, unknown> =>
    Object.keys(object)
      .sort()
      .reduce<Record<string, unknown>>((result, key) => {
        const value = object[key];
        result[key] =
          value && typeof value === 'object' && !Array.isArray(value)
            ? sortObject(value as Record<string, unknown>)
            : value;
        return result;
      }, {});
  return createHmac('sha512', secret)
    .update(JSON.stringify(sortObject(body as Record<string, unknown>)))
    .digest('hex');
}

function badRequest(message: string): FakeReply {
  return { status: 400, json: { status: false, statusCode: 400, code: 'INVALID_REQUEST_PARAMS', message } };
}
