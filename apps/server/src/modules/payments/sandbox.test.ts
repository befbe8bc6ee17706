import {
  type ConfigResponse,
  type CryptoPayment,
  PAYMENT_MESSAGES,
  type ValidateResponse,
} from '@podruga/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents, sandboxPayments } from '../../db/schema/index.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../../providers/payments/sandbox.ts';
import { useTestApp } from '../../test/app.ts';
import { bearer, expectError, guest, register } from '../../test/http.ts';
import {
  accessOf,
  DAY,
  expiries,
  grantsOf,
  order,
  paymentRow,
  paymentStatus,
  sandboxPay,
} from '../../test/payments.ts';
import { renderSandboxPage } from './payments.sandbox-page.ts';

const t = useTestApp({ deps: { paymentStatusGapMs: 0 } });

const form = (outcome: string) => ({
  payload: `outcome=${outcome}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('the sandbox, end to end', () => {
  it('a guest buys Plus (quarterly): create → the test page → Оплатить → /payment-return → Plus active', async () => {
    const { access_token: token, user_id: userId } = await guest(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment/platega/create',
      headers: bearer(token),
      payload: { plan_type: 'quarterly' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json<{ order_id: string; redirect_url: string; amount: number; sandbox: boolean }>();
    expect(body).toMatchObject({ success: true, amount: 2490, sandbox: true, expires_in: '00:30:00' });
    expect(body.order_id).toMatch(/^order_[A-Za-z0-9_-]{24}$/);
    expect(body.redirect_url).toBe(`/sandbox/pay/${body.order_id}`);

    const page = await t.app.inject({ url: body.redirect_url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Тестовая оплата</title>');
    expect(page.body).toContain('Plus');
    expect(page.body).toContain('90 дней');
    expect(page.body).toMatch(/2\s490 ₽/);
    expect(page.body).toContain('Оплатить');
    expect(page.body).toContain('Отклонить');
    expect(page.body).toContain(`action="/api/payment/sandbox/${body.order_id}/pay"`);

    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/${body.order_id}/pay`,
      ...form('paid'),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment-return?order_id=${body.order_id}`);

    const status = await paymentStatus(t.app, token, body.order_id);
    expect(status.json()).toMatchObject({ status: 'paid', paid: true, p2p_status: 'completed' });
    const expected = new Date(t.clock.now().getTime() + 90 * DAY).toISOString();
    expect(status.json<{ access: unknown }>().access).toEqual({
      plus_active: true,
      vip_active: false,
      plus_expiry: expected,
      vip_expiry: null,
    });
    const me = await t.app.inject({ url: '/api/auth/validate', headers: bearer(token) });
    expect(me.json<ValidateResponse>().user).toMatchObject({
      membership_type: 'plus',
      membership_expiry: expected,
    });
    const limits = await t.app.inject({ url: '/api/user/limits/status', headers: bearer(token) });
    expect(limits.json<{ tier: string }>().tier).toBe('plus');
    const recent = await t.app.inject({ url: '/api/payment/recent', headers: bearer(token) });
    expect(recent.json()).toMatchObject({
      success: true,
      payments: [{ order_id: body.order_id, status: 'paid' }],
    });

    const bell = await t.app.inject({ url: '/api/notifications/recent', headers: bearer(token) });
    expect(bell.json<{ notifications: Array<{ type: string }> }>().notifications.map((n) => n.type)).toEqual([
      'payment_success',
    ]);
    // A guest has no address: no mail.
    await t.app.mail.drain();
    expect(t.mailer.sent).toEqual([]);
    expect(await grantsOf(t.database, userId)).toHaveLength(1);

    // The audit trail: the signed callback and our own status call.
    const row = await paymentRow(t.database, body.order_id);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, row?.id ?? ''));
    expect(events.map((e) => [e.kind, e.verified])).toEqual(
      expect.arrayContaining([
        ['callback', true],
        ['status', true],
      ]),
    );
    // The page of a settled order offers nothing more.
    expect((await t.app.inject({ url: body.redirect_url })).body).not.toContain('Оплатить</button>');
  });

  it('a guest who paid, then registers from the same session, keeps the account and its Plus', async () => {
    const { access_token: token, user_id: userId } = await guest(t.app);
    await sandboxPay(t.app, await order(t.app, token, 'monthly'));
    const registered = await register(t.app, { email: 'buyer@mail.ru' }, token);
    expect(registered.user_id).toBe(userId);
    const me = await t.app.inject({ url: '/api/auth/validate', headers: bearer(registered.access_token) });
    expect(me.json<ValidateResponse>().user).toMatchObject({
      email: 'buyer@mail.ru',
      membership_type: 'plus',
      membership_expiry: new Date(t.clock.now().getTime() + 30 * DAY).toISOString(),
    });
  });

  it('GET /api/payment/recent checks the newest open orders with the provider (the return page asks it)', async () => {
    const { access_token: token } = await guest(t.app);
    const orderId = await order(t.app, token, 'monthly');
    // Paid on the provider's side, its callback not here yet.
    await t.database.db
      .update(sandboxPayments)
      .set({ state: 'paid' })
      .where(eq(sandboxPayments.orderId, orderId));
    const recent = await t.app.inject({ url: '/api/payment/recent', headers: bearer(token) });
    expect(recent.json()).toMatchObject({
      success: true,
      payments: [{ order_id: orderId, status: 'paid' }],
      access: { plus_active: true },
    });
  });

  it('an anonymous buyer keeps the paid account: logout keeps it, a returning device with an expired token gets it back', async () => {
    const { access_token: token, user_id: userId } = await guest(t.app);
    await sandboxPay(t.app, await order(t.app, token, 'yearly'));
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.json<{ user_id: string }>().user_id).toBe(userId);
    t.clock.advanceSeconds(31 * 24 * 3600);
    expect((await t.app.inject({ url: '/api/auth/validate', headers: bearer(token) })).statusCode).toBe(401);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/auth/anonymous',
      payload: { previous_token: token },
    });
    expect(back.json<{ user_id: string; membership_type: string }>()).toMatchObject({
      user_id: userId,
      membership_type: 'plus',
    });
  });

  it('a registered member gets the activation mail', async () => {
    const { access_token: token } = await register(t.app);
    await sandboxPay(t.app, await order(t.app, token, 'yearly'));
    await t.app.mail.drain();
    const mail = t.mailer.sent.find((m) => m.subject.startsWith('Plus активирован'));
    expect(mail?.to).toBe('anna@mail.ru');
    expect(mail?.text).toContain('365 дней');
  });

  it('Отклонить: back to /plus?payment=failed (VIP: /vip), the order failed, nothing granted', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    const orderId = await order(t.app, token);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/${orderId}/pay`,
      ...form('failed'),
    });
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe('/plus?payment=failed');
    expect((await paymentStatus(t.app, token, orderId)).json()).toMatchObject({
      status: 'failed',
      paid: false,
      p2p_status: 'failed',
    });
    expect((await accessOf(t.app, token)).plus_active).toBe(false);
    expect(await grantsOf(t.database, userId)).toEqual([]);
    // Paying a declined order afterwards does nothing: a retry is a new order.
    expect(await sandboxPay(t.app, orderId)).toEqual({ success: false, status: 'failed' });

    await sandboxPay(t.app, await order(t.app, token));
    const vip = await order(t.app, token, 'vip_monthly');
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/${vip}/pay`,
      ...form('failed'),
    });
    expect(back.headers.location).toBe('/vip?payment=failed');
  });

  it('crypto: a plausible address, pay_amount from fixed rates, 20 minutes, then paid through the page', async () => {
    const { access_token: token } = await guest(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/crypto/create-fixed',
      headers: bearer(token),
      payload: { plan_type: 'quarterly', pay_currency: 'BTC', price_amount: 1, order_id: 'mine' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const crypto = res.json<CryptoPayment>();
    expect(crypto).toMatchObject({
      payment_status: 'waiting',
      pay_currency: 'btc',
      price_amount: 20,
      price_currency: 'usd',
      pay_amount: 0.00033334,
      sandbox: true,
      sandbox_url: `/sandbox/pay/${crypto.order_id}`,
    });
    expect(crypto.pay_address).toMatch(/^bc1q[a-z0-9]{38}$/);
    expect(crypto.expiration_estimate_date).toBe(
      new Date(t.clock.now().getTime() + 20 * 60_000).toISOString(),
    );

    const usdt = await t.app.inject({
      method: 'POST',
      url: '/api/payment/crypto/subscribe',
      headers: bearer(token),
      payload: { plan_type: 'monthly', pay_currency: 'usdt', network: 'trc20' },
    });
    expect(usdt.json<CryptoPayment>()).toMatchObject({ network: 'trc20', pay_amount: 15 });
    expect(usdt.json<CryptoPayment>().pay_address).toMatch(/^T/);

    const check = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/crypto/status',
        headers: bearer(token),
        payload: { payment_id: id },
      });
    expect((await check(crypto.payment_id)).json()).toMatchObject({ payment_status: 'waiting' });
    await sandboxPay(t.app, crypto.order_id);
    expect((await check(crypto.order_id)).json()).toMatchObject({
      payment_status: 'finished',
      access: { plus_active: true },
    });

    const currencies = await t.app.inject({ url: '/api/payment/crypto/currencies', headers: bearer(token) });
    expect(
      currencies.json<{ currencies: Array<{ code: string }> }>().currencies.map((c) => c.code),
    ).toContain('xmr');
    const estimate = await t.app.inject({
      method: 'POST',
      url: '/api/payment/crypto/estimate',
      headers: bearer(token),
      payload: { amount: 15, currency_from: 'usd', currency_to: 'eth' },
    });
    expect(estimate.json()).toMatchObject({ estimated_amount: 0.005 });
    const min = await t.app.inject({
      method: 'POST',
      url: '/api/payment/crypto/min-amount',
      headers: bearer(token),
      payload: { currency_from: 'trx', currency_to: 'usd' },
    });
    expect(min.json()).toMatchObject({ min_amount: 10 });
  });

  it('an unpaid crypto order expires after its 20 minutes', async () => {
    const { access_token: token } = await guest(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/crypto/create-fixed',
      headers: bearer(token),
      payload: { plan_type: 'monthly', pay_currency: 'ltc' },
    });
    const { payment_id } = res.json<CryptoPayment>();
    t.clock.advanceSeconds(20 * 60 + 1);
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/payment/crypto/status',
      headers: bearer(token),
      payload: { payment_id },
    });
    expect(status.json()).toMatchObject({ payment_status: 'expired' });
  });

  it('bank transfer: a 16-digit test card and its holder, or SBP details; then paid by status', async () => {
    const { access_token: token } = await guest(t.app);
    const create = (payment_method: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/twinpay/create',
        headers: bearer(token),
        payload: { plan_type: 'monthly', payment_method },
      });
    const card = (await create('TO_CARD')).json<{ success: boolean; data: Record<string, unknown> }>();
    expect(card.success).toBe(true);
    expect(card.data).toMatchObject({
      amount: 1090,
      plan_type: 'monthly',
      cardholder: 'Тестовый Получатель',
      sbp_details: null,
      sandbox: true,
    });
    expect(card.data.card_number).toMatch(/^\d{16}$/);
    expect(card.data.response).toEqual({
      paymentRequisites: {
        requisites: card.data.card_number,
        holder: 'Тестовый Получатель',
        paymentMethod: 'TO_CARD',
      },
    });
    const sbp = (await create('SBP')).json<{ data: Record<string, unknown> }>();
    expect(sbp.data).toMatchObject({ card_number: null });
    expect(sbp.data.sbp_details).toContain('СБП');

    const invoice = String(card.data.invoice_id);
    const status = () =>
      t.app.inject({ url: `/api/payment/twinpay/status/${invoice}`, headers: bearer(token) });
    expect((await status()).json()).toMatchObject({ is_paid: false, status: 'pending' });
    await sandboxPay(t.app, String(card.data.order_id));
    expect((await status()).json()).toMatchObject({
      is_paid: true,
      status: 'paid',
      access: { plus_active: true },
    });
  });

  it('card: create-simple and create-h2h give the page or requisites; payment/create defaults to the card', async () => {
    const { access_token: token } = await guest(t.app);
    const simple = await t.app.inject({
      method: 'POST',
      url: '/api/payment/cactuspay/create-simple',
      headers: bearer(token),
      payload: { plan_type: 'monthly', amount: 1 },
    });
    const s = simple.json<{ order_id: string; payment_url: string }>();
    expect(s.payment_url).toBe(`/sandbox/pay/${s.order_id}`);
    // The client's amount is ignored: the price is the server's.
    expect((await paymentRow(t.database, s.order_id))?.amount).toBe(1090);

    const h2h = await t.app.inject({
      method: 'POST',
      url: '/api/payment/cactuspay/create-h2h',
      headers: bearer(token),
      payload: { plan_type: 'yearly' },
    });
    expect(h2h.json()).toMatchObject({ amount: 7990, holder: 'Тестовый Получатель', sandbox: true });
    expect(h2h.json<{ requisite: string }>().requisite).toMatch(/^\d{16}$/);

    const made = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create',
      headers: bearer(token),
      payload: { plan_type: 'quarterly', amount: 5 },
    });
    const m = made.json<{ order_id: string; payment_id: string; payment_url: string; amount: number }>();
    expect(m).toMatchObject({ success: true, amount: 2490, currency: 'RUB', sandbox: true });
    expect(m.payment_id).toBe(m.order_id);
    expect((await paymentRow(t.database, m.order_id))?.method).toBe('cactuspay');
    await sandboxPay(t.app, m.order_id);
    const cactus = await t.app.inject({
      url: `/api/payment/cactuspay/status/${m.order_id}`,
      headers: bearer(token),
    });
    expect(cactus.json()).toMatchObject({ is_paid: true });
  });

  it('GET /api/config says which methods are real, sandbox or off', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.json<ConfigResponse>().payments).toEqual({
      crypto: { mode: 'sandbox', provider: 'sandbox' },
      platega: { mode: 'sandbox', provider: 'sandbox' },
      twinpay: { mode: 'sandbox', provider: 'sandbox' },
      cactuspay: { mode: 'sandbox', provider: 'sandbox' },
    });
  });

  it('the page escapes what it shows, and an unknown order has no page', async () => {
    const { access_token: token } = await guest(t.app);
    const row = await paymentRow(t.database, await order(t.app, token));
    if (!row) throw new Error('no order');
    const html = renderSandboxPage({ ...row, orderId: 'order_<script>alert(1)</script>' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
    // The page is opened by a browser: an unknown or malformed order is a page saying so, not JSON.
    for (const id of [`order_${'x'.repeat(24)}`, '%3Cscript%3E', `order_${'y'.repeat(70)}`]) {
      const missing = await t.app.inject({ url: `/sandbox/pay/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^text\/html/);
      expect(missing.body).toContain(PAYMENT_MESSAGES.unknownOrder);
      expect(missing.body).not.toContain('<script>');
    }
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/payment/sandbox/order_${'x'.repeat(24)}/pay`,
        payload: { outcome: 'paid' },
      }),
      404,
      'not_found',
      PAYMENT_MESSAGES.unknownOrder,
    );
  });
});

describe('callbacks', () => {
  it('a forged or unsigned sandbox callback is refused (401), kept for audit, and grants nothing', async () => {
    const { access_token: token, user_id: userId } = await guest(t.app);
    const orderId = await order(t.app, token);
    const row = await paymentRow(t.database, orderId);
    const body = JSON.stringify({
      provider_payment_id: row?.providerPaymentId,
      order_id: orderId,
      status: 'paid',
    });
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/sandbox/callback',
        payload: body,
        headers: { 'content-type': 'application/json', ...headers },
      });
    expectError(await send({}), 401, 'unauthorized');
    expectError(await send({ [SANDBOX_SIGNATURE_HEADER]: 'ab'.repeat(32) }), 401, 'unauthorized');
    expectError(await send({ [SANDBOX_SIGNATURE_HEADER]: 'not hex at all' }), 401, 'unauthorized');
    // Even with the sandbox's books saying paid, a forged callback does not reach the settle step.
    await t.database.db
      .update(sandboxPayments)
      .set({ state: 'paid' })
      .where(eq(sandboxPayments.orderId, orderId));
    expectError(await send({ [SANDBOX_SIGNATURE_HEADER]: 'cd'.repeat(32) }), 401, 'unauthorized');
    expect(await grantsOf(t.database, userId)).toEqual([]);
    expect((await paymentRow(t.database, orderId))?.state).toBe('pending');
    const refused = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.verified, false));
    expect(refused).toHaveLength(4);
    // An empty body is a bad request, not a forged one.
    expect((await t.app.inject({ method: 'POST', url: '/api/payment/sandbox/callback' })).statusCode).toBe(
      400,
    );
  });

  it('a doubled or replayed callback grants once', async () => {
    const { access_token: token, user_id: userId } = await guest(t.app);
    const orderId = await order(t.app, token);
    const made = await t.app.payments.sandbox?.settleOnPage(orderId, 'paid');
    if (!made) throw new Error('no callback');
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/sandbox/callback',
        payload: made.request.rawBody,
        headers: made.request.headers as Record<string, string>,
      });
    const [a, b] = await Promise.all([deliver(), deliver()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    t.clock.advanceSeconds(3600);
    expect((await deliver()).statusCode).toBe(200);
    expect(await grantsOf(t.database, userId)).toHaveLength(1);
    const { plus } = (await expiries(t.database, userId)) ?? {};
    expect(plus?.getTime()).toBe(t.clock.now().getTime() - 3600_000 + 30 * DAY);
    const bell = await t.app.inject({ url: '/api/notifications/recent', headers: bearer(token) });
    expect(bell.json<{ notifications: unknown[] }>().notifications).toHaveLength(1);
  });

  it('a signed callback for an unknown order is refused (404) and grants nothing', async () => {
    await t.database.db.insert(sandboxPayments).values({
      providerPaymentId: 'sbx_nobody',
      orderId: `order_${'n'.repeat(24)}`,
      method: 'platega',
      amount: 1090,
      currency: 'rub',
    });
    const made = await t.app.payments.sandbox?.settleOnPage(`order_${'n'.repeat(24)}`, 'paid');
    if (!made) throw new Error('no callback');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/sandbox/callback',
      payload: made.request.rawBody,
      headers: made.request.headers as Record<string, string>,
    });
    expectError(res, 404, 'not_found', PAYMENT_MESSAGES.unknownOrder);
  });

  it('a status check racing the callback grants once', async () => {
    const { access_token: token, user_id: userId } = await guest(t.app);
    const orderId = await order(t.app, token);
    const made = await t.app.payments.sandbox?.settleOnPage(orderId, 'paid');
    if (!made) throw new Error('no callback');
    const results = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/payment/sandbox/callback',
        payload: made.request.rawBody,
        headers: made.request.headers as Record<string, string>,
      }),
      paymentStatus(t.app, token, orderId),
      t.app.inject({ url: `/api/payment/platega/status/${orderId}`, headers: bearer(token) }),
      paymentStatus(t.app, token, orderId),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await grantsOf(t.database, userId)).toHaveLength(1);
    expect((await expiries(t.database, userId))?.plus?.getTime()).toBe(t.clock.now().getTime() + 30 * DAY);
  });
});
