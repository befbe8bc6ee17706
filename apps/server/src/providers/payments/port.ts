import type { CryptoStatus, PaymentState, TwinpayMethod } from '@podruga/shared';
import type { ProviderInfo } from '../port.ts';

/**
 * Payment providers (PROVIDERS.md §1–§2). Each method has its own port because the wire shapes differ;
 * every adapter reports the provider's state in our words (`PaymentState`) beside its own status, and
 * keeps the raw answer for the audit trail. Nothing here grants access: the payments service does,
 * only after a verified callback or a status call it made itself.
 *
 * Adapters: real ones in nowpayments.ts, platega.ts, twinpay.ts, cactuspay.ts (each with a fake that
 * speaks the wire format, in fakes/), and sandbox.ts standing in for every method with no real one.
 */

/** What a provider said about one payment, in our words. */
export interface ProviderStatus {
  state: PaymentState;
  /** The provider's own status word, logged and stored. */
  providerStatus: string;
  /** The provider's id of the payment (NOWPayments payment_id, Platega transactionId, …). */
  providerPaymentId: string;
  /** Our order id when the provider echoes it. */
  orderId?: string | undefined;
  /** What the provider says was paid, when it says so; checked against the order's price. */
  amount?: number | undefined;
  currency?: string | undefined;
  raw: unknown;
}

/** A verified callback, parsed: which payment it is about. The state is still confirmed by a status call. */
export interface CallbackClaim {
  providerPaymentId?: string | undefined;
  orderId?: string | undefined;
  /** What the callback claimed, for the log; never trusted on its own. */
  claimedStatus: string;
  raw: unknown;
}

export interface CallbackRequest {
  /** The body exactly as received (the signature is over these bytes or their parse). */
  rawBody: string;
  /** Lower-case header names. */
  headers: Record<string, string | string[] | undefined>;
  contentType: string | undefined;
  /**
   * The path and query the callback arrived at (Fastify's `request.url`). TwinPay signs nothing, so its
   * adapter puts an HMAC token of the order id into the callback URL it gives TwinPay and checks it here.
   */
  url?: string | undefined;
}

/** Refused callbacks: the route answers 401/400 and grants nothing. */
export class CallbackRejected extends Error {
  override name = 'CallbackRejected';
  constructor(readonly reason: 'signature' | 'malformed') {
    super(`payment callback rejected: ${reason}`);
  }
}

export type PaymentProviderErrorKind = 'unavailable' | 'rejected' | 'bad_response' | 'not_found';

/** A provider call failed, classified; the provider's body goes to the log only. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    readonly kind: PaymentProviderErrorKind,
    readonly status?: number,
    options?: { cause?: unknown; detail?: string },
  ) {
    super(`payment provider: ${kind}${status ? ` (HTTP ${status})` : ''}`, options);
    this.detail = options?.detail;
  }
  readonly detail: string | undefined;
}

interface PaymentPortBase extends ProviderInfo {
  /** Checks a callback's signature or headers (constant time) and parses it; throws CallbackRejected. */
  verifyCallback(request: CallbackRequest): CallbackClaim;
}

// ---------------------------------------------------------------- crypto (NOWPayments)

export interface CryptoCurrencyInfo {
  code: string;
  name: string;
  network: string | null;
  logoUrl: string | null;
}

export interface CryptoCreateRequest {
  orderId: string;
  priceAmount: number;
  priceCurrency: 'usd';
  payCurrency: string;
  network?: string | undefined;
  ipnCallbackUrl: string;
  isFixedRate: boolean;
  isFeePaidByUser: boolean;
  description: string;
}

export interface CryptoPaymentInfo extends ProviderStatus {
  cryptoStatus: CryptoStatus;
  payAddress: string;
  payAmount: number;
  payCurrency: string;
  network: string | null;
  priceAmount: number;
  priceCurrency: string;
  expiresAt: Date | null;
}

export interface CryptoPaymentPort extends PaymentPortBase {
  currencies(): Promise<CryptoCurrencyInfo[]>;
  minAmount(from: string, to: string): Promise<number>;
  estimate(amount: number, from: string, to: string): Promise<number>;
  create(request: CryptoCreateRequest): Promise<CryptoPaymentInfo>;
  status(providerPaymentId: string): Promise<CryptoPaymentInfo>;
}

// ---------------------------------------------------------------- redirect (Platega)

export interface RedirectCreateRequest {
  orderId: string;
  amountRub: number;
  description: string;
  returnUrl: string;
  failedUrl: string;
}

export interface RedirectPayment {
  providerPaymentId: string;
  redirectUrl: string;
  /** 'HH:MM:SS'. */
  expiresIn: string;
  raw: unknown;
}

export interface RedirectPaymentPort extends PaymentPortBase {
  create(request: RedirectCreateRequest): Promise<RedirectPayment>;
  status(providerPaymentId: string): Promise<ProviderStatus>;
}

// ---------------------------------------------------------------- bank transfer (TwinPay)

export interface TransferCreateRequest {
  orderId: string;
  amountRub: number;
  method: TwinpayMethod;
  successUrl: string;
  cancelUrl: string;
  callbackUrl: string;
}

export interface TransferRequisites {
  providerPaymentId: string;
  /** Card number (16 digits) or SBP phone/bank line. */
  requisites: string;
  holder: string | null;
  cardNumber: string | null;
  sbpDetails: string | null;
  expiresAt: Date | null;
  raw: unknown;
}

export interface TransferPaymentPort extends PaymentPortBase {
  create(request: TransferCreateRequest): Promise<TransferRequisites>;
  status(providerPaymentId: string): Promise<ProviderStatus>;
}

// ---------------------------------------------------------------- card (CactusPay)

export interface CardCreateRequest {
  orderId: string;
  amountRub: number;
  description: string;
  redirectUrl: string;
  /** Host-to-host: requisites instead of a page; needs the payer's address. */
  h2h: boolean;
  userIp?: string | undefined;
  method: 'card' | 'sbp';
}

export interface CardPayment {
  /** CactusPay identifies payments by our order id. */
  providerPaymentId: string;
  paymentUrl: string | null;
  requisite: string | null;
  holder: string | null;
  raw: unknown;
}

export interface CardPaymentPort extends PaymentPortBase {
  create(request: CardCreateRequest): Promise<CardPayment>;
  status(orderId: string): Promise<ProviderStatus>;
}

export interface PaymentPorts {
  crypto: CryptoPaymentPort;
  platega: RedirectPaymentPort;
  twinpay: TransferPaymentPort;
  cactuspay: CardPaymentPort;
}

// ---------------------------------------------------------------- adapters' options (from the environment)

/**
 * NOWPAYMENTS_API_KEY, NOWPAYMENTS_IPN_SECRET, NOWPAYMENTS_BASE_URL → `createNowPayments(options)` in
 * nowpayments.ts; likewise `createPlatega`, `createTwinpay`, `createCactuspay`. `fetch` is injectable
 * for tests only; the tests use a real HTTP fake.
 */
export interface AdapterCommon {
  baseUrl: string;
  timeoutMs?: number | undefined;
}
export interface NowPaymentsOptions extends AdapterCommon {
  apiKey: string;
  ipnSecret: string;
}
export interface PlategaOptions extends AdapterCommon {
  merchantId: string;
  secret: string;
  /** Platega's method number: 2 SBP QR, 11 cards (default), 12 international cards, 14 SberPay. */
  paymentMethod?: number | undefined;
}
export interface TwinpayOptions extends AdapterCommon {
  clientId: string;
  clientSecret: string;
  /** The status call's path; TwinPay's is undocumented (twinpay-wire.ts has our guess). */
  statusPath?: string | undefined;
}
export interface CactuspayOptions extends AdapterCommon {
  token: string;
}
