import { randomBytes } from 'node:crypto';
import {
  type Access,
  type Brand,
  CRYPTO,
  CRYPTO_STATUSES,
  type CryptoPayment,
  type CryptoStatus,
  hasControlChars,
  isPlusActive,
  PAYMENT_MESSAGES,
  type PaymentMethod,
  type PaymentState,
  type PaymentSummary,
  PLAN_DAYS,
  type PlanType,
  PRICES,
  PROFILE_MESSAGES,
  type Product,
  parsePlanType,
  planTypeOf,
  type SuccessMessage,
  type TwinpayMethod,
} from '@podruga/shared';
import type { Clock } from '../../clock.ts';
import type { PaymentRow, PaymentStatusChange, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { LinkContext } from '../../link-context.ts';
import type { Logger } from '../../logger.ts';
import type { MailDispatcher } from '../../providers/mail/dispatcher.ts';
import type { PaymentProviders } from '../../providers/payments/index.ts';
import {
  type CallbackClaim,
  CallbackRejected,
  type CallbackRequest,
  type CryptoPaymentInfo,
  PaymentProviderError,
  type ProviderStatus,
} from '../../providers/payments/port.ts';
import type { NotifyInput } from '../notifications/notifications.service.ts';
import { accessEndedMail, activatedMail, type MailTarget } from './payments.mails.ts';
import type { LockedPayment, PaymentsRepository } from './payments.repository.ts';
import { PAYMENT_TEXTS } from './payments.texts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The status routes ask the provider about one order at most this often (the dialogs poll). */
export const STATUS_CHECK_GAP_MS = 5_000;
/** GET /api/payment/recent looks this far back (the client keeps a payment id for 24 h, 002 §4). */
const RECENT_MS = 24 * 60 * 60 * 1000;
/** Raw callback bodies kept for the audit trail are cut at this length. */
const MAX_EVENT_BODY = 16_000;

/** The reminder when paid access ends: delayed to the expiry a grant set, re-checked when it runs. */
export const ACCESS_ENDED_JOB = defineJob<{ userId: string; expiry: string }>('payment-access-ended', {
  attempts: 5,
  backoffMs: 60_000,
});

export interface PaymentsServiceDeps {
  repo: PaymentsRepository;
  clock: Clock;
  log: Logger;
  providers: PaymentProviders;
  notifications: { notify(userId: string, input: NotifyInput): Promise<unknown> };
  mail: MailDispatcher;
  jobs: JobQueue;
  brands: Brand[];
  statusCheckGapMs?: number;
}

interface Priced {
  product: Product;
  plan: keyof typeof PLAN_DAYS;
  days: number;
  amount: number;
  currency: 'RUB' | 'USD';
}

/** What settling a payment did, for the side effects after the transaction. */
type Settled =
  | { kind: 'granted'; payment: PaymentRow; user: UserRow; plusExpiry: Date; vipExpiry: Date | null }
  | { kind: 'revoked'; payment: PaymentRow; plusExpiry: Date | null }
  | { kind: 'unchanged' | 'updated'; payment: PaymentRow };

const newOrderId = () => `order_${randomBytes(18).toString('base64url')}`;

const unknownOrder = () => new AppError(404, 'not_found', PAYMENT_MESSAGES.unknownOrder);
const unavailable = () => new AppError(503, 'service_unavailable', PAYMENT_MESSAGES.cardUnavailable);
const providerFailed = (detail: string) => new AppError(502, 'provider_error', detail);

const later = (a: Date | null, b: Date) => (a && a.getTime() > b.getTime() ? a : b);
const plus = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/**
 * Paid access (DESIGN §5; issue 13): orders priced by the server, each method through its port (a real
 * provider or the sandbox), and one pipeline that turns what a provider says into access. A callback
 * is verified by its adapter and kept; then the server asks the provider itself (status call), and only
 * that answer is settled: one transaction with the order row locked, a grant once per order (the
 * unique (provider, provider payment id) and subscriptions.payment_id back the lock up), a refund or
 * chargeback taking back exactly what the order added.
 */
export class PaymentsService {
  constructor(private readonly deps: PaymentsServiceDeps) {
    deps.jobs.handle(ACCESS_ENDED_JOB, (payload) => this.remindAccessEnded(payload));
  }

  get sandbox() {
    return this.deps.providers.sandbox;
  }

  get modes() {
    return this.deps.providers.modes;
  }

  // ------------------------------------------------------------------ access

  async access(userId: string): Promise<Access> {
    const user = await this.deps.repo.findUser(userId);
    const now = this.deps.clock.now();
    const plusActive = user ? isPlusActive(membershipOf(user), now) : false;
    return {
      plus_active: plusActive,
      vip_active: plusActive && Boolean(user?.vipExpiry && user.vipExpiry.getTime() > now.getTime()),
      plus_expiry: user?.membershipExpiry?.toISOString() ?? null,
      vip_expiry: user?.vipExpiry?.toISOString() ?? null,
    };
  }

  /**
   * Active Plus (and VIP on top of it) ends at once: back to the free tier, expiries cleared. Nothing is
   * charged and the unused days are not refunded automatically. Without active access: a 400.
   */
  async cancelSubscription(user: UserRow): Promise<SuccessMessage> {
    const cancelled = await this.deps.repo.cancelAccess(user.id, this.deps.clock.now());
    if (!cancelled) throw new AppError(400, 'no_active_access', PROFILE_MESSAGES.noActiveAccess);
    this.deps.log.info(
      {
        userId: user.id,
        plusExpiry: cancelled.membershipExpiry?.toISOString() ?? null,
        vipExpiry: cancelled.vipExpiry?.toISOString() ?? null,
      },
      'paid access cancelled by the user',
    );
    return { success: true, message: PROFILE_MESSAGES.cancelled };
  }

  // ------------------------------------------------------------------ creating orders

  /** The price from PRICES (never the client's), after the VIP rule; a method that is off: 503. */
  private async open(user: UserRow, planType: PlanType, method: PaymentMethod, ctx: LinkContext) {
    const port = this.deps.providers.ports[method];
    if (!port) throw unavailable();
    const { product, plan } = parsePlanType(planType);
    if (product === 'vip' && !isPlusActive(membershipOf(user), this.deps.clock.now())) {
      throw new AppError(403, 'plus_required', PAYMENT_MESSAGES.vipNeedsPlus);
    }
    const price = PRICES[product][plan];
    const priced: Priced =
      method === 'crypto'
        ? { product, plan, days: PLAN_DAYS[plan], amount: price.usd, currency: 'USD' }
        : { product, plan, days: PLAN_DAYS[plan], amount: price.rub, currency: 'RUB' };
    const now = this.deps.clock.now();
    const payment = await this.deps.repo.insertPayment({
      orderId: newOrderId(),
      userId: user.id,
      method,
      provider: port.adapter,
      product,
      plan,
      days: priced.days,
      amount: priced.amount,
      currency: priced.currency,
      sandbox: port.offline,
      brand: ctx.brand.id,
      baseUrl: ctx.baseUrl,
      statusHistory: [{ at: now.toISOString(), state: 'pending', providerStatus: null, source: 'create' }],
    });
    return { payment, priced, port };
  }

  /** The provider refused or failed our create: the order is marked failed, the client gets the spec's text. */
  private async createFailed(payment: PaymentRow, error: unknown, text: string): Promise<never> {
    this.deps.log.warn(
      { err: error, orderId: payment.orderId, provider: payment.provider },
      'payments: the provider did not create the payment',
    );
    await this.deps.repo.withLockedPayment(payment.id, (locked) =>
      locked.updatePayment(
        { state: 'failed' },
        { at: this.now(), state: 'failed', providerStatus: null, source: 'create', note: 'create failed' },
      ),
    );
    throw providerFailed(text);
  }

  private urls(payment: PaymentRow) {
    const product = payment.product === 'vip' ? '/vip' : '/plus';
    return {
      returnUrl: `${payment.baseUrl}/payment-return?order_id=${payment.orderId}`,
      failedUrl: `${payment.baseUrl}${product}?payment=failed`,
      sandboxUrl: payment.sandbox ? `/sandbox/pay/${payment.orderId}` : null,
      callback: (name: string) => `${payment.baseUrl}/api/payment/${name}`,
    };
  }

  private description(priced: Priced): string {
    return `${priced.product === 'vip' ? 'VIP' : 'Plus'} на ${priced.days} дней`;
  }

  async createCrypto(
    user: UserRow,
    body: { plan_type: PlanType; pay_currency: string; network?: string | undefined },
    ctx: LinkContext,
  ): Promise<CryptoPayment> {
    const { payment, priced, port } = await this.open(user, body.plan_type, 'crypto', ctx);
    const crypto = port as NonNullable<PaymentProviders['ports']['crypto']>;
    const urls = this.urls(payment);
    let info: CryptoPaymentInfo;
    try {
      info = await crypto.create({
        orderId: payment.orderId,
        priceAmount: priced.amount,
        priceCurrency: 'usd',
        payCurrency: body.pay_currency,
        network: (CRYPTO.withNetwork as readonly string[]).includes(body.pay_currency)
          ? body.network
          : undefined,
        ipnCallbackUrl: urls.callback('crypto/ipn'),
        // 002 §3: a fixed rate unless monthly.
        isFixedRate: priced.plan !== 'monthly',
        isFeePaidByUser: false,
        description: this.description(priced),
      });
    } catch (error) {
      return this.createFailed(payment, error, PAYMENT_MESSAGES.cryptoCreateFailed);
    }
    const details = {
      pay_address: info.payAddress,
      pay_amount: info.payAmount,
      pay_currency: info.payCurrency,
      network: info.network,
      expires_at: info.expiresAt?.toISOString() ?? null,
    };
    const row = await this.deps.repo.attachProviderPayment(payment.id, {
      providerPaymentId: info.providerPaymentId,
      providerStatus: info.providerStatus,
      details,
    });
    return {
      payment_id: info.providerPaymentId,
      order_id: row.orderId,
      payment_status: info.cryptoStatus,
      pay_address: info.payAddress,
      pay_amount: info.payAmount,
      pay_currency: info.payCurrency,
      network: info.network,
      price_amount: priced.amount,
      price_currency: 'usd',
      expiration_estimate_date: details.expires_at,
      sandbox: row.sandbox,
      sandbox_url: urls.sandboxUrl,
    };
  }

  async createTransfer(user: UserRow, planType: PlanType, method: TwinpayMethod, ctx: LinkContext) {
    const { payment, priced, port } = await this.open(user, planType, 'twinpay', ctx);
    const twinpay = port as NonNullable<PaymentProviders['ports']['twinpay']>;
    const urls = this.urls(payment);
    let requisites: Awaited<ReturnType<typeof twinpay.create>>;
    try {
      requisites = await twinpay.create({
        orderId: payment.orderId,
        amountRub: priced.amount,
        method,
        successUrl: urls.returnUrl,
        cancelUrl: urls.failedUrl,
        callbackUrl: urls.callback('twinpay/callback'),
      });
    } catch (error) {
      return this.createFailed(payment, error, PAYMENT_MESSAGES.createFailed);
    }
    const expiresAt = requisites.expiresAt?.toISOString() ?? null;
    const row = await this.deps.repo.attachProviderPayment(payment.id, {
      providerPaymentId: requisites.providerPaymentId,
      details: {
        requisites: requisites.requisites,
        holder: requisites.holder,
        card_number: requisites.cardNumber,
        sbp_details: requisites.sbpDetails,
        payment_method: method,
        expires_at: expiresAt,
      },
    });
    return {
      success: true,
      message: PAYMENT_MESSAGES.createdWaiting,
      data: {
        amount: priced.amount,
        plan_type: planType,
        order_id: row.orderId,
        invoice_id: requisites.providerPaymentId,
        card_number: requisites.cardNumber,
        cardholder: requisites.holder,
        sbp_details: requisites.sbpDetails,
        expires_at: expiresAt,
        response: {
          paymentRequisites: {
            requisites: requisites.requisites,
            holder: requisites.holder,
            paymentMethod: method,
          },
        },
        sandbox: row.sandbox,
        sandbox_url: urls.sandboxUrl,
      },
    };
  }

  async createRedirect(user: UserRow, planType: PlanType, ctx: LinkContext) {
    const { payment, priced, port } = await this.open(user, planType, 'platega', ctx);
    const platega = port as NonNullable<PaymentProviders['ports']['platega']>;
    const urls = this.urls(payment);
    let created: Awaited<ReturnType<typeof platega.create>>;
    try {
      created = await platega.create({
        orderId: payment.orderId,
        amountRub: priced.amount,
        description: this.description(priced),
        returnUrl: urls.returnUrl,
        failedUrl: urls.failedUrl,
      });
    } catch (error) {
      return this.createFailed(payment, error, PAYMENT_MESSAGES.createFailed);
    }
    const row = await this.deps.repo.attachProviderPayment(payment.id, {
      providerPaymentId: created.providerPaymentId,
      details: { redirect_url: created.redirectUrl, expires_in: created.expiresIn },
    });
    return {
      success: true,
      redirect_url: created.redirectUrl,
      amount: priced.amount,
      order_id: row.orderId,
      transaction_id: created.providerPaymentId,
      expires_in: created.expiresIn || '00:30:00',
      message: PAYMENT_MESSAGES.createdWaiting,
      sandbox: row.sandbox,
    };
  }

  async createCard(
    user: UserRow,
    planType: PlanType,
    ctx: LinkContext,
    options: { h2h: boolean; method: 'card' | 'sbp'; userIp?: string },
  ) {
    const { payment, priced, port } = await this.open(user, planType, 'cactuspay', ctx);
    const cactuspay = port as NonNullable<PaymentProviders['ports']['cactuspay']>;
    const urls = this.urls(payment);
    let created: Awaited<ReturnType<typeof cactuspay.create>>;
    try {
      created = await cactuspay.create({
        orderId: payment.orderId,
        amountRub: priced.amount,
        description: this.description(priced),
        redirectUrl: urls.returnUrl,
        h2h: options.h2h,
        userIp: options.userIp,
        method: options.method,
      });
      if (!options.h2h && !created.paymentUrl) throw new PaymentProviderError('bad_response');
    } catch (error) {
      return this.createFailed(payment, error, PAYMENT_MESSAGES.simpleCardFailed);
    }
    const row = await this.deps.repo.attachProviderPayment(payment.id, {
      providerPaymentId: created.providerPaymentId,
      details: { payment_url: created.paymentUrl, requisite: created.requisite, holder: created.holder },
    });
    return { row, created, amount: priced.amount };
  }

  /**
   * POST /api/payment/create: the default card redirect — CactusPay when it is real, else Platega when
   * it is real, else whichever runs on the sandbox; 503 when none can take it.
   */
  async createDefault(user: UserRow, planType: PlanType, ctx: LinkContext) {
    const { modes } = this.deps.providers;
    const redirect = async () => {
      const r = await this.createRedirect(user, planType, ctx);
      return { orderId: r.order_id, url: r.redirect_url, amount: r.amount, sandbox: r.sandbox };
    };
    const card = async () => {
      const r = await this.createCard(user, planType, ctx, { h2h: false, method: 'card' });
      return {
        orderId: r.row.orderId,
        url: r.created.paymentUrl ?? '',
        amount: r.amount,
        sandbox: r.row.sandbox,
      };
    };
    let made: { orderId: string; url: string; amount: number; sandbox: boolean };
    if (modes.cactuspay?.mode === 'real') made = await card();
    else if (modes.platega?.mode === 'real') made = await redirect();
    else if (modes.cactuspay?.mode === 'sandbox') made = await card();
    else if (modes.platega?.mode === 'sandbox') made = await redirect();
    else throw unavailable();
    return {
      success: true,
      order_id: made.orderId,
      payment_id: made.orderId,
      payment_url: made.url,
      amount: made.amount,
      currency: 'RUB',
      sandbox: made.sandbox,
    };
  }

  // ------------------------------------------------------------------ crypto lookups

  private cryptoPort() {
    const port = this.deps.providers.ports.crypto;
    if (!port) throw unavailable();
    return port;
  }

  private async lookup<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'payments: crypto lookup failed');
      throw providerFailed(PAYMENT_MESSAGES.cryptoCreateFailedLong);
    }
  }

  async currencies() {
    const port = this.cryptoPort();
    const list = await this.lookup(() => port.currencies());
    return {
      currencies: list.map((c) => ({ code: c.code, name: c.name, network: c.network, logo_url: c.logoUrl })),
    };
  }

  async minAmount(from: string, to: string) {
    const port = this.cryptoPort();
    return {
      currency_from: from,
      currency_to: to,
      min_amount: await this.lookup(() => port.minAmount(from, to)),
    };
  }

  async estimate(amount: number, from: string, to: string) {
    const port = this.cryptoPort();
    const estimated = await this.lookup(() => port.estimate(amount, from, to));
    return { currency_from: from, currency_to: to, amount_from: amount, estimated_amount: estimated };
  }

  // ------------------------------------------------------------------ status

  /** One of the user's orders, checked with its provider first when it is still open. */
  async check(user: UserRow, id: string): Promise<PaymentRow> {
    const found = await this.deps.repo.findOwned(user.id, id);
    if (!found) throw unknownOrder();
    return this.refresh(found);
  }

  /** An open order is asked about (at most every few seconds); a failed call leaves it as it was. */
  private async refresh(found: PaymentRow): Promise<PaymentRow> {
    if (found.state !== 'pending' || !found.providerPaymentId) return found;
    const gap = this.deps.statusCheckGapMs ?? STATUS_CHECK_GAP_MS;
    if (!(await this.deps.repo.claimCheck(found.id, this.deps.clock.now(), gap))) return found;
    try {
      return (await this.confirm(found, 'status')).payment;
    } catch (error) {
      // The dialog polls again; what we know stands meanwhile.
      this.deps.log.warn({ err: error, orderId: found.orderId }, 'payments: status check failed');
      return found;
    }
  }

  async status(user: UserRow, id: string) {
    const row = await this.check(user, id);
    return {
      payment_id: row.orderId,
      status: row.state,
      paid: row.state === 'paid',
      p2p_status: p2pStatus(row.state),
      access: await this.access(user.id),
    };
  }

  async paidStatus(user: UserRow, id: string) {
    const row = await this.check(user, id);
    return {
      is_paid: row.state === 'paid',
      status: row.state,
      order_id: row.orderId,
      access: await this.access(user.id),
    };
  }

  async cryptoStatus(user: UserRow, id: string) {
    const row = await this.check(user, id);
    return {
      payment_id: row.providerPaymentId ?? row.orderId,
      order_id: row.orderId,
      payment_status: cryptoStatusOf(row),
      access: await this.access(user.id),
    };
  }

  async recent(user: UserRow) {
    const now = this.deps.clock.now();
    const listed = await this.deps.repo.recent(user.id, new Date(now.getTime() - RECENT_MS), 20);
    // The return page asks here right after the provider's page: its newest open orders are checked.
    let open = 0;
    const rows: PaymentRow[] = [];
    for (const row of listed) {
      rows.push(row.state === 'pending' && open++ < 3 ? await this.refresh(row) : row);
    }
    const access = await this.access(user.id);
    return {
      success: rows.some((r) => r.state === 'paid') && access.plus_active,
      payments: rows.map(presentSummary),
      access,
    };
  }

  // ------------------------------------------------------------------ callbacks → confirm → settle

  /**
   * A provider's callback: verified by its adapter (401 forged, 400 malformed), kept, matched to an
   * order (404 unknown), then confirmed by our own status call and settled. The callback's own claim
   * is never acted on.
   */
  async callback(method: PaymentMethod | 'sandbox', request: CallbackRequest): Promise<{ success: true }> {
    const verifier =
      method === 'sandbox' ? this.deps.providers.sandbox : (this.deps.providers.ports[method] ?? null);
    if (!verifier) throw unknownOrder();
    const provider = method === 'sandbox' ? 'sandbox' : (verifier as { adapter: string }).adapter;
    const body = request.rawBody.slice(0, MAX_EVENT_BODY);
    if (request.rawBody.trim() === '')
      throw new AppError(400, 'bad_request', PAYMENT_TEXTS.callbackMalformed);
    let claim: CallbackClaim;
    try {
      claim = verifier.verifyCallback(request);
    } catch (error) {
      if (!(error instanceof CallbackRejected)) throw error;
      await this.deps.repo.insertEvent({
        provider,
        kind: 'callback',
        verified: false,
        body,
        status: error.reason,
      });
      this.deps.log.warn({ provider, reason: error.reason }, 'payments: callback refused');
      throw error.reason === 'signature'
        ? new AppError(401, 'unauthorized', PAYMENT_TEXTS.callbackForged)
        : new AppError(400, 'bad_request', PAYMENT_TEXTS.callbackMalformed);
    }
    // Ids are looked up in the database: one with NUL or other control characters is no id of ours.
    const ids = [claim.orderId, claim.providerPaymentId, claim.claimedStatus];
    if (ids.some((v) => v !== undefined && (hasControlChars(v) || v.length > 200))) {
      await this.deps.repo.insertEvent({
        provider,
        kind: 'callback',
        verified: true,
        body,
        status: 'malformed ids',
      });
      throw new AppError(400, 'bad_request', PAYMENT_TEXTS.callbackMalformed);
    }
    // Our order id first (TwinPay's comes from the URL we signed), else the provider's id. Either way
    // the order is then confirmed by a status call on the id we stored, not on the callback's claim.
    const payment =
      (claim.orderId ? await this.deps.repo.findByOrderId(claim.orderId) : undefined) ??
      (claim.providerPaymentId
        ? await this.deps.repo.findByProviderPaymentId(provider, claim.providerPaymentId)
        : undefined);
    const event = {
      provider,
      kind: 'callback',
      verified: true,
      providerPaymentId: claim.providerPaymentId ?? null,
      orderId: claim.orderId ?? null,
      status: claim.claimedStatus,
      body,
      data: claim.raw as object,
    };
    if (!payment || payment.provider !== provider || !payment.providerPaymentId) {
      await this.deps.repo.insertEvent({ ...event, paymentId: null });
      this.deps.log.warn({ provider, orderId: claim.orderId }, 'payments: callback for an unknown order');
      throw unknownOrder();
    }
    await this.deps.repo.insertEvent({ ...event, paymentId: payment.id });
    try {
      await this.confirm(payment, 'callback');
    } catch (error) {
      this.deps.log.warn({ err: error, orderId: payment.orderId }, 'payments: confirming a callback failed');
      // The provider retries its callback; nothing was granted.
      throw providerFailed(PAYMENT_MESSAGES.statusFailed);
    }
    return { success: true };
  }

  /** Our own status call to the provider (kept as an event), then settle. */
  private async confirm(payment: PaymentRow, source: string): Promise<Settled> {
    const port = this.deps.providers.ports[payment.method];
    const sandbox = this.deps.providers.sandbox;
    const asker =
      payment.provider === 'sandbox' && sandbox
        ? sandbox[payment.method]
        : port?.adapter === payment.provider
          ? port
          : null;
    if (!asker || !payment.providerPaymentId) throw new PaymentProviderError('unavailable');
    // CactusPay is asked by our order id; the others by their own payment id.
    const id = payment.method === 'cactuspay' ? payment.orderId : payment.providerPaymentId;
    const status: ProviderStatus = await asker.status(id);
    await this.deps.repo.insertEvent({
      paymentId: payment.id,
      provider: payment.provider,
      kind: 'status',
      verified: true,
      providerPaymentId: status.providerPaymentId,
      orderId: status.orderId ?? null,
      status: status.providerStatus,
      data: status.raw as object,
    });
    if (status.orderId && status.orderId !== payment.orderId) {
      this.deps.log.warn(
        { orderId: payment.orderId, answered: status.orderId },
        'payments: the provider answered about another order; nothing settled',
      );
      return { kind: 'unchanged', payment };
    }
    const settled = await this.settle(payment, status, source);
    await this.afterSettle(settled);
    return settled;
  }

  /** One transaction, the order row locked: grant, revoke or record, each at most once. */
  settle(payment: PaymentRow, status: ProviderStatus, source: string): Promise<Settled> {
    return this.deps.repo.withLockedPayment(payment.id, async (locked) => {
      const p = locked.payment;
      const now = this.deps.clock.now();
      const change = (state: PaymentState, note?: string): PaymentStatusChange => ({
        at: now.toISOString(),
        state,
        providerStatus: status.providerStatus,
        source,
        ...(note ? { note } : {}),
      });
      switch (status.state) {
        case 'paid': {
          if (p.grantedAt || p.revokedAt) return { kind: 'unchanged', payment: p };
          if (
            status.amount !== undefined &&
            status.currency !== undefined &&
            status.currency.toUpperCase() === p.currency.toUpperCase() &&
            status.amount < p.amount
          ) {
            const row = await locked.updatePayment(
              { state: 'failed', providerStatus: status.providerStatus },
              change('failed', `underpaid: ${status.amount} of ${p.amount}`),
            );
            this.deps.log.warn(
              { orderId: p.orderId, paid: status.amount, price: p.amount },
              'payments: underpaid',
            );
            return { kind: 'updated', payment: row };
          }
          return this.grant(locked, now, change('paid'), status.providerStatus);
        }
        case 'refunded':
        case 'chargeback': {
          if (p.state === 'refunded' || p.state === 'chargeback') return { kind: 'unchanged', payment: p };
          return this.revoke(locked, now, status.state, change(status.state), status.providerStatus);
        }
        case 'failed':
        case 'expired': {
          // A paid order does not fall back; only an open one closes.
          if (p.state !== 'pending') return { kind: 'unchanged', payment: p };
          const row = await locked.updatePayment(
            { state: status.state, providerStatus: status.providerStatus },
            change(status.state),
          );
          return { kind: 'updated', payment: row };
        }
        default: {
          if (p.providerStatus === status.providerStatus) return { kind: 'unchanged', payment: p };
          const row = await locked.updatePayment({ providerStatus: status.providerStatus }, change(p.state));
          return { kind: 'updated', payment: row };
        }
      }
    });
  }

  /** expiry = max(now, current expiry) + period; VIP extends both Plus and VIP (DESIGN §5). */
  private async grant(
    locked: LockedPayment,
    now: Date,
    change: PaymentStatusChange,
    providerStatus: string,
  ): Promise<Settled> {
    const p = locked.payment;
    const user = await locked.lockUser();
    const plusBefore = user.membershipExpiry;
    const plusAfter = plus(later(plusBefore, now), p.days);
    const vipBefore = user.vipExpiry;
    const vipAfter = p.product === 'vip' ? plus(later(vipBefore, now), p.days) : null;
    await locked.updateUser({
      membershipType: 'plus',
      membershipExpiry: plusAfter,
      ...(vipAfter ? { vipExpiry: vipAfter } : {}),
    });
    await locked.insertSubscription({
      userId: user.id,
      paymentId: p.id,
      product: p.product,
      days: p.days,
      plusExpiryBefore: plusBefore,
      plusExpiryAfter: plusAfter,
      vipExpiryBefore: vipBefore,
      vipExpiryAfter: vipAfter,
      grantedAt: now,
    });
    const row = await locked.updatePayment(
      { state: 'paid', providerStatus, paidAt: now, grantedAt: now },
      change,
    );
    return { kind: 'granted', payment: row, user, plusExpiry: plusAfter, vipExpiry: vipAfter };
  }

  /** Takes back the period this order added to each expiry it extended. */
  private async revoke(
    locked: LockedPayment,
    now: Date,
    state: 'refunded' | 'chargeback',
    change: PaymentStatusChange,
    providerStatus: string,
  ): Promise<Settled> {
    const p = locked.payment;
    const granted = p.grantedAt && !p.revokedAt ? await locked.subscription() : undefined;
    if (!granted) {
      const row = await locked.updatePayment({ state, providerStatus }, change);
      return { kind: 'updated', payment: row };
    }
    const user = await locked.lockUser();
    const back = (date: Date | null) => (date ? new Date(date.getTime() - p.days * DAY_MS) : null);
    const plusExpiry = back(user.membershipExpiry);
    await locked.updateUser({
      membershipExpiry: plusExpiry,
      ...(granted.vipExpiryAfter ? { vipExpiry: back(user.vipExpiry) } : {}),
    });
    await locked.revokeSubscription(granted.id, now);
    const row = await locked.updatePayment({ state, providerStatus, revokedAt: now }, change);
    this.deps.log.warn({ orderId: p.orderId, state, userId: user.id }, 'payments: access taken back');
    return { kind: 'revoked', payment: row, plusExpiry };
  }

  /** After the commit: the bell, the mail and the reminder at the new expiry. Never undoes a grant. */
  private async afterSettle(settled: Settled): Promise<void> {
    const { payment } = settled;
    if (settled.kind === 'granted') {
      this.deps.log.info(
        {
          orderId: payment.orderId,
          userId: payment.userId,
          product: payment.product,
          provider: payment.provider,
        },
        'payments: access granted',
      );
      const until = payment.product === 'vip' && settled.vipExpiry ? settled.vipExpiry : settled.plusExpiry;
      await this.deps.notifications.notify(payment.userId, {
        type: 'payment_success',
        ...PAYMENT_TEXTS.activated(payment.product, until),
        data: { order_id: payment.orderId, product: payment.product },
      });
      const target = this.mailTarget(settled.user, payment);
      if (target) this.deps.mail.dispatch(activatedMail(target, payment.product, payment.days, until));
      await this.scheduleReminder(payment.userId, settled.plusExpiry);
    } else if (settled.kind === 'revoked' && settled.plusExpiry) {
      await this.scheduleReminder(payment.userId, settled.plusExpiry);
    }
  }

  private mailTarget(user: UserRow, payment: Pick<PaymentRow, 'brand' | 'baseUrl'>): MailTarget | null {
    if (!user.email) return null;
    const brand = this.deps.brands.find((b) => b.id === payment.brand) ?? this.deps.brands[0];
    return { to: user.email, name: user.name, brand: brand?.logoText ?? 'Podruga', baseUrl: payment.baseUrl };
  }

  // ------------------------------------------------------------------ the end of paid access

  private async scheduleReminder(userId: string, expiry: Date, again = false): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const delayMs = Math.max(0, expiry.getTime() - now);
    // A job waiting again for its own expiry still holds its key while it runs: the new one gets its own.
    const key = `access-ended-${userId}-${expiry.getTime()}${again ? `-${now}` : ''}`;
    try {
      await this.deps.jobs.enqueue(ACCESS_ENDED_JOB, { userId, expiry: expiry.toISOString() }, key, {
        delayMs,
      });
    } catch (error) {
      // At the next start resume() queues it again from the subscriptions.
      this.deps.log.error({ err: error, userId }, 'payments: the end-of-access reminder was not queued');
    }
  }

  /**
   * The reminder job: runs at the expiry a grant set. Sends only when access really ended at that
   * expiry (not extended, not cancelled or taken back meanwhile), and once (`reminded_at`).
   */
  async remindAccessEnded({ userId, expiry }: { userId: string; expiry: string }): Promise<void> {
    const user = await this.deps.repo.findUser(userId);
    const at = new Date(expiry);
    const now = this.deps.clock.now();
    if (user?.membershipType !== 'plus' || user.membershipExpiry?.getTime() !== at.getTime()) return;
    if (at.getTime() > now.getTime()) {
      // Woken early (a clock moved): wait again for the rest.
      await this.scheduleReminder(userId, at, true);
      return;
    }
    if (!(await this.deps.repo.markReminded(userId, at, now))) return;
    await this.deps.notifications.notify(userId, { type: 'subscription_expired', ...PAYMENT_TEXTS.ended });
    const [last] = await this.deps.repo.recent(userId, new Date(0), 1);
    const target = this.mailTarget(user, last ?? { brand: this.deps.brands[0]?.id ?? '', baseUrl: '' });
    if (target) this.deps.mail.dispatch(accessEndedMail(target));
    this.deps.log.info({ userId }, 'payments: end of paid access reminded');
  }

  /** At start: the reminders of grants not reminded yet (in-process jobs do not survive a restart). */
  async resume(): Promise<void> {
    for (const { userId, plusExpiry } of await this.deps.repo.unremindedUsers()) {
      if (plusExpiry) await this.scheduleReminder(userId, plusExpiry);
    }
  }

  // ------------------------------------------------------------------ the sandbox

  /** The sandbox page's order: 404 unless it is a sandbox order (and the sandbox is on). */
  async sandboxOrder(orderId: string): Promise<PaymentRow> {
    const row = await this.findSandboxOrder(orderId);
    if (!row) throw unknownOrder();
    return row;
  }

  /** A sandbox order by its id, or null (the sandbox is off, no such order, or another provider's). */
  async findSandboxOrder(orderId: string): Promise<PaymentRow | null> {
    if (!this.deps.providers.sandbox) return null;
    const row = await this.deps.repo.findByOrderId(orderId);
    return row?.provider === 'sandbox' ? row : null;
  }

  /**
   * The sandbox page's buttons: the sandbox books the outcome and sends its signed callback through
   * the same pipeline as any provider's. `state` other than paid/failed is for tests (refunds).
   */
  async sandboxPay(orderId: string, state: PaymentState): Promise<PaymentRow> {
    const row = await this.sandboxOrder(orderId);
    const sandbox = this.deps.providers.sandbox;
    if (!sandbox) throw unknownOrder();
    const paidOrClosed = row.state !== 'pending' && (state === 'paid' || state === 'failed');
    if (!paidOrClosed) {
      const made = await sandbox.settleOnPage(orderId, state);
      if (!made) throw unknownOrder();
      await this.callback('sandbox', made.request);
    }
    return (await this.deps.repo.findByOrderId(orderId)) ?? row;
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}

function membershipOf(user: UserRow) {
  return {
    membership_type: user.membershipType,
    membership_expiry: user.membershipExpiry?.toISOString() ?? null,
  };
}

function p2pStatus(state: PaymentState): 'completed' | 'pending' | 'failed' | 'expired' {
  if (state === 'paid') return 'completed';
  if (state === 'pending') return 'pending';
  if (state === 'expired') return 'expired';
  return 'failed';
}

const CRYPTO_OF_STATE: Record<PaymentState, CryptoStatus> = {
  pending: 'waiting',
  paid: 'finished',
  failed: 'failed',
  expired: 'expired',
  refunded: 'refunded',
  chargeback: 'refunded',
};

/** The provider's own word when it is one of NOWPayments' statuses, else ours in its words. */
function cryptoStatusOf(row: PaymentRow): CryptoStatus {
  const word = row.providerStatus as CryptoStatus | null;
  if (row.state === 'pending' && word && (CRYPTO_STATUSES as readonly string[]).includes(word)) return word;
  return CRYPTO_OF_STATE[row.state];
}

export function presentSummary(row: PaymentRow): PaymentSummary {
  return {
    order_id: row.orderId,
    method: row.method,
    sandbox: row.sandbox,
    product: row.product,
    plan_type: planTypeOf(row.product, row.plan),
    amount: row.amount,
    currency: row.currency,
    status: row.state,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}
