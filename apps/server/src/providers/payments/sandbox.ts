import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CRYPTO,
  type CryptoStatus,
  type PaymentMethod,
  type PaymentState,
  type TwinpayMethod,
} from '@podruga/shared';
import type { Clock } from '../../clock.ts';
import {
  type CallbackClaim,
  CallbackRejected,
  type CallbackRequest,
  type CardPaymentPort,
  type CryptoCurrencyInfo,
  type CryptoPaymentInfo,
  type CryptoPaymentPort,
  PaymentProviderError,
  type ProviderStatus,
  type RedirectPaymentPort,
  type TransferPaymentPort,
} from './port.ts';

/**
 * The sandbox provider (DESIGN §4, §6): stands in for every payment method that has no real provider,
 * outside production only. It answers with the real shapes (a crypto address and amount, bank
 * requisites, a payment page) and keeps its books in the database (`sandbox_payments`), so its status
 * call answers like a real provider's. Its payment page is ours: `/sandbox/pay/{order_id}`, marked
 * «Тестовая оплата». Paying there makes a callback signed with a secret made once per process, which
 * goes through the same verify → store → confirm-by-status → settle pipeline as a real provider's.
 */

export interface SandboxRecord {
  providerPaymentId: string;
  orderId: string;
  method: PaymentMethod;
  amount: number;
  currency: string;
  state: PaymentState;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** The sandbox's books (a repository over `sandbox_payments`). */
export interface SandboxStore {
  insert(record: Omit<SandboxRecord, 'state' | 'createdAt'>): Promise<void>;
  /** By the sandbox's payment id or by our order id. */
  find(id: string): Promise<SandboxRecord | undefined>;
  setState(providerPaymentId: string, state: PaymentState): Promise<void>;
}

/** The header carrying the sandbox callback's HMAC-SHA256 (hex) of the raw body. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** USD per coin, fixed: the sandbox's amounts look plausible and never move. */
const RATES: Record<string, number> = {
  usd: 1,
  eur: 1,
  btc: 60_000,
  eth: 3_000,
  usdt: 1,
  usdc: 1,
  trx: 0.12,
  xmr: 150,
  ltc: 80,
  doge: 0.15,
  bnb: 550,
  ada: 0.45,
  sol: 150,
  dash: 30,
  matic: 0.7,
};

const NAMES: Record<string, string> = {
  btc: 'Bitcoin',
  eth: 'Ethereum',
  usdt: 'Tether',
  usdc: 'USD Coin',
  trx: 'TRON',
  xmr: 'Monero',
  ltc: 'Litecoin',
  doge: 'Dogecoin',
  bnb: 'BNB',
  ada: 'Cardano',
  sol: 'Solana',
  dash: 'Dash',
  matic: 'Polygon',
};

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function randomFrom(alphabet: string, length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

/** An address of the coin's shape (never a real one: random characters, no checksum). */
export function fakeAddress(coin: string, network: string | null): string {
  const hex = () => `0x${randomBytes(20).toString('hex')}`;
  if (network === 'trc20' || coin === 'trx') return `T${randomFrom(BASE58, 33)}`;
  if (network === 'solana' || coin === 'sol') return randomFrom(BASE58, 44);
  switch (coin) {
    case 'btc':
      return `bc1q${randomFrom(BECH32, 38)}`;
    case 'ltc':
      return `ltc1q${randomFrom(BECH32, 38)}`;
    case 'xmr':
      return `4${randomFrom(BASE58, 94)}`;
    case 'doge':
      return `D${randomFrom(BASE58, 33)}`;
    case 'dash':
      return `X${randomFrom(BASE58, 33)}`;
    case 'ada':
      return `addr1q${randomFrom(BECH32, 52)}`;
    default:
      return hex();
  }
}

/** A 16-digit card number of the test kind (2200…, no Luhn check: it pays nothing anywhere). */
function testCard(): string {
  return `2200${String(randomBytes(6).readUIntBE(0, 6) % 1e12).padStart(12, '0')}`;
}

function roundCoin(coin: string, amount: number): number {
  const decimals = CRYPTO.decimals[coin] ?? 2;
  const factor = 10 ** decimals;
  return Math.ceil(amount * factor) / factor;
}

function rateOf(coin: string): number {
  const rate = RATES[coin];
  if (rate === undefined) throw new PaymentProviderError('rejected', 400, { detail: `unknown coin ${coin}` });
  return rate;
}

const CRYPTO_WORD: Record<PaymentState, CryptoStatus> = {
  pending: 'waiting',
  paid: 'finished',
  failed: 'failed',
  expired: 'expired',
  refunded: 'refunded',
  chargeback: 'refunded',
};

export interface SandboxProvider {
  crypto: CryptoPaymentPort;
  platega: RedirectPaymentPort;
  twinpay: TransferPaymentPort;
  cactuspay: CardPaymentPort;
  /**
   * What the test page's button does: the sandbox books the outcome, then writes the callback a
   * provider would send, signed. `state` beyond paid/failed (refunded, chargeback) is for tests.
   */
  settleOnPage(orderId: string, state: PaymentState): Promise<{ request: CallbackRequest } | undefined>;
  /** Verifies a sandbox callback (any method's). */
  verifyCallback(request: CallbackRequest): CallbackClaim;
}

export function createSandbox(deps: {
  store: SandboxStore;
  clock: Clock;
  /** Only for tests that sign by hand; otherwise random per process. */
  secret?: Buffer;
}): SandboxProvider {
  const { store, clock } = deps;
  const secret = deps.secret ?? randomBytes(32);
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
  const newId = () => `sbx_${randomBytes(12).toString('base64url')}`;
  const info = {
    adapter: 'sandbox',
    offline: true,
    describe: () => 'payments: sandbox (test payments on a local page; never in production)',
  } as const;

  function verifyCallback(request: CallbackRequest): CallbackClaim {
    const given = request.headers[SANDBOX_SIGNATURE_HEADER];
    const signature = Array.isArray(given) ? given[0] : given;
    if (!signature) throw new CallbackRejected('signature');
    const expected = Buffer.from(sign(request.rawBody), 'hex');
    const actual = Buffer.from(signature, 'hex');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      throw new CallbackRejected('signature');
    }
    let body: unknown;
    try {
      body = JSON.parse(request.rawBody);
    } catch {
      throw new CallbackRejected('malformed');
    }
    const b = body as { provider_payment_id?: unknown; order_id?: unknown; status?: unknown };
    if (typeof b.provider_payment_id !== 'string' || typeof b.status !== 'string') {
      throw new CallbackRejected('malformed');
    }
    return {
      providerPaymentId: b.provider_payment_id,
      orderId: typeof b.order_id === 'string' ? b.order_id : undefined,
      claimedStatus: b.status,
      raw: body,
    };
  }

  async function record(id: string): Promise<SandboxRecord> {
    const found = await store.find(id);
    if (!found) throw new PaymentProviderError('not_found', 404);
    // A crypto payment nobody paid in its 20 minutes expires, as NOWPayments' fixed rate does.
    const expiresAt =
      typeof found.details.expires_at === 'string' ? new Date(found.details.expires_at) : null;
    if (found.state === 'pending' && expiresAt && expiresAt.getTime() <= clock.now().getTime()) {
      await store.setState(found.providerPaymentId, 'expired');
      return { ...found, state: 'expired' };
    }
    return found;
  }

  function statusOf(r: SandboxRecord): ProviderStatus {
    return {
      state: r.state,
      providerStatus: r.method === 'crypto' ? CRYPTO_WORD[r.state] : r.state.toUpperCase(),
      providerPaymentId: r.providerPaymentId,
      orderId: r.orderId,
      amount: r.amount,
      currency: r.currency,
      raw: { ...r, createdAt: r.createdAt.toISOString() },
    };
  }

  function cryptoInfo(r: SandboxRecord): CryptoPaymentInfo {
    const d = r.details as {
      pay_address: string;
      pay_amount: number;
      pay_currency: string;
      network: string | null;
      expires_at: string;
    };
    return {
      ...statusOf(r),
      cryptoStatus: CRYPTO_WORD[r.state],
      payAddress: d.pay_address,
      payAmount: d.pay_amount,
      payCurrency: d.pay_currency,
      network: d.network,
      priceAmount: r.amount,
      priceCurrency: r.currency,
      expiresAt: new Date(d.expires_at),
    };
  }

  const crypto: CryptoPaymentPort = {
    ...info,
    verifyCallback,
    async currencies(): Promise<CryptoCurrencyInfo[]> {
      return CRYPTO.supported.map((code) => ({
        code,
        name: NAMES[code] ?? code.toUpperCase(),
        network: code === 'usdt' ? 'trc20' : null,
        logoUrl: null,
      }));
    },
    async minAmount(from: string): Promise<number> {
      // 002 §5's minimums where it names one, else about one dollar's worth.
      return CRYPTO.minAmounts[from] ?? roundCoin(from, 1 / rateOf(from));
    },
    async estimate(amount: number, from: string, to: string): Promise<number> {
      // from: usd or eur (taken as 1:1 with usd here), to: the coin.
      const usd = from === 'usd' || from === 'eur' ? amount : amount * rateOf(from);
      return roundCoin(to, usd / rateOf(to));
    },
    async create(request) {
      const coin = request.payCurrency;
      const network = request.network ?? null;
      const providerPaymentId = newId();
      const details = {
        pay_address: fakeAddress(coin, network),
        pay_amount: roundCoin(coin, request.priceAmount / rateOf(coin)),
        pay_currency: coin,
        network,
        expires_at: new Date(clock.now().getTime() + CRYPTO.validityMinutes * 60_000).toISOString(),
      };
      await store.insert({
        providerPaymentId,
        orderId: request.orderId,
        method: 'crypto',
        amount: request.priceAmount,
        currency: 'usd',
        details,
      });
      return cryptoInfo({
        providerPaymentId,
        orderId: request.orderId,
        method: 'crypto',
        amount: request.priceAmount,
        currency: 'usd',
        state: 'pending',
        details,
        createdAt: clock.now(),
      });
    },
    async status(providerPaymentId) {
      return cryptoInfo(await record(providerPaymentId));
    },
  };

  const page = (orderId: string) => `/sandbox/pay/${orderId}`;

  const platega: RedirectPaymentPort = {
    ...info,
    verifyCallback,
    async create(request) {
      const providerPaymentId = newId();
      await store.insert({
        providerPaymentId,
        orderId: request.orderId,
        method: 'platega',
        amount: request.amountRub,
        currency: 'rub',
        details: {},
      });
      return { providerPaymentId, redirectUrl: page(request.orderId), expiresIn: '00:30:00', raw: {} };
    },
    async status(id) {
      return statusOf(await record(id));
    },
  };

  const twinpay: TransferPaymentPort = {
    ...info,
    verifyCallback,
    async create(request) {
      const providerPaymentId = newId();
      const card = testCard();
      const sbp = 'Тестовый банк (СБП), +7 900 000-00-00';
      const byMethod: Record<TwinpayMethod, string> = { TO_CARD: card, SBP: sbp, SBP_ALFA: sbp };
      const details = {
        requisites: byMethod[request.method],
        holder: 'Тестовый Получатель',
        card_number: request.method === 'TO_CARD' ? card : null,
        sbp_details: request.method === 'TO_CARD' ? null : sbp,
        expires_at: new Date(clock.now().getTime() + 30 * 60_000).toISOString(),
      };
      await store.insert({
        providerPaymentId,
        orderId: request.orderId,
        method: 'twinpay',
        amount: request.amountRub,
        currency: 'rub',
        details,
      });
      return {
        providerPaymentId,
        requisites: details.requisites,
        holder: details.holder,
        cardNumber: details.card_number,
        sbpDetails: details.sbp_details,
        expiresAt: new Date(details.expires_at),
        raw: details,
      };
    },
    async status(id) {
      return statusOf(await record(id));
    },
  };

  const cactuspay: CardPaymentPort = {
    ...info,
    verifyCallback,
    async create(request) {
      const providerPaymentId = newId();
      const requisite = request.h2h ? testCard() : null;
      await store.insert({
        providerPaymentId,
        orderId: request.orderId,
        method: 'cactuspay',
        amount: request.amountRub,
        currency: 'rub',
        details: { requisite },
      });
      return {
        providerPaymentId,
        paymentUrl: page(request.orderId),
        requisite,
        holder: request.h2h ? 'Тестовый Получатель' : null,
        raw: {},
      };
    },
    async status(orderId) {
      return statusOf(await record(orderId));
    },
  };

  return {
    crypto,
    platega,
    twinpay,
    cactuspay,
    verifyCallback,
    async settleOnPage(orderId, state) {
      const found = await store.find(orderId);
      if (!found) return undefined;
      await store.setState(found.providerPaymentId, state);
      const rawBody = JSON.stringify({
        provider_payment_id: found.providerPaymentId,
        order_id: found.orderId,
        status: state,
      });
      return {
        request: {
          rawBody,
          headers: { [SANDBOX_SIGNATURE_HEADER]: sign(rawBody), 'content-type': 'application/json' },
          contentType: 'application/json',
        },
      };
    },
  };
}
