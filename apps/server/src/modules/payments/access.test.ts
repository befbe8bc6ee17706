import { type ConfigResponse, PAYMENT_MESSAGES } from '@podruga/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { setMembership } from '../../test/characters.ts';
import { bearer, expectError, guest, register } from '../../test/http.ts';
import {
  DAY,
  expiries,
  grantsOf,
  order,
  paymentRow,
  paymentStatus,
  sandboxPay,
} from '../../test/payments.ts';

const t = useTestApp({ deps: { paymentStatusGapMs: 0 } });

const inDays = (days: number) => new Date(t.clock.now().getTime() + days * DAY);

describe('expiry arithmetic (DESIGN §5: max(now, current expiry) + period)', () => {
  it('Plus on active Plus extends from the current expiry', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    await setMembership(t.database, userId, 'plus', inDays(10));
    await sandboxPay(t.app, await order(t.app, token, 'monthly'));
    expect(await expiries(t.database, userId)).toEqual({ type: 'plus', plus: inDays(40), vip: null });
  });

  it('Plus on expired Plus starts from now', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    await setMembership(t.database, userId, 'plus', inDays(-5));
    await sandboxPay(t.app, await order(t.app, token, 'quarterly'));
    expect(await expiries(t.database, userId)).toEqual({ type: 'plus', plus: inDays(90), vip: null });
  });

  it('VIP on Plus extends both: Plus from its expiry, VIP from now (or its own expiry)', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    await setMembership(t.database, userId, 'plus', inDays(10));
    await sandboxPay(t.app, await order(t.app, token, 'vip_monthly'));
    expect(await expiries(t.database, userId)).toEqual({ type: 'plus', plus: inDays(40), vip: inDays(30) });
    await sandboxPay(t.app, await order(t.app, token, 'vip_quarterly'));
    expect(await expiries(t.database, userId)).toEqual({ type: 'plus', plus: inDays(130), vip: inDays(120) });
    const limits = await t.app.inject({ url: '/api/user/limits/status', headers: bearer(token) });
    expect(limits.json<{ tier: string }>().tier).toBe('vip');
    expect(await grantsOf(t.database, userId)).toHaveLength(2);
  });

  it('buying Plus while Plus is active is allowed and extends', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    await sandboxPay(t.app, await order(t.app, token, 'monthly'));
    await sandboxPay(t.app, await order(t.app, token, 'monthly'));
    expect((await expiries(t.database, userId))?.plus).toEqual(inDays(60));
  });
});

describe('refunds and chargebacks take back what the order granted', () => {
  it('a refund subtracts the period from the Plus expiry', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    await setMembership(t.database, userId, 'plus', inDays(10));
    const orderId = await order(t.app, token, 'quarterly');
    await sandboxPay(t.app, orderId);
    expect((await expiries(t.database, userId))?.plus).toEqual(inDays(100));
    await t.app.payments.sandboxPay(orderId, 'refunded');
    expect(await expiries(t.database, userId)).toEqual({ type: 'plus', plus: inDays(10), vip: null });
    const [grant] = await grantsOf(t.database, userId);
    expect(grant?.revokedAt).toEqual(t.clock.now());
    expect((await paymentRow(t.database, orderId))?.state).toBe('refunded');
    // Reported again: nothing more is taken.
    await t.app.payments.sandboxPay(orderId, 'refunded');
    await t.app.payments.sandboxPay(orderId, 'chargeback');
    expect((await expiries(t.database, userId))?.plus).toEqual(inDays(10));
    // A refunded order never grants again, even if a provider later says paid.
    await t.app.payments.sandboxPay(orderId, 'paid');
    expect((await expiries(t.database, userId))?.plus).toEqual(inDays(10));
  });

  it('a chargeback on VIP takes back both expiries; access ends when nothing else was bought', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    await sandboxPay(t.app, await order(t.app, token, 'monthly'));
    const vip = await order(t.app, token, 'vip_monthly');
    await sandboxPay(t.app, vip);
    expect(await expiries(t.database, userId)).toEqual({ type: 'plus', plus: inDays(60), vip: inDays(30) });
    await t.app.payments.sandboxPay(vip, 'chargeback');
    expect(await expiries(t.database, userId)).toEqual({ type: 'plus', plus: inDays(30), vip: inDays(0) });
    expect((await paymentRow(t.database, vip))?.state).toBe('chargeback');
    const status = await paymentStatus(t.app, token, vip);
    expect(status.json()).toMatchObject({
      status: 'chargeback',
      access: { plus_active: true, vip_active: false },
    });
  });

  it('a refund of an order never paid changes no access', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    const orderId = await order(t.app, token);
    await t.app.payments.sandboxPay(orderId, 'refunded');
    expect(await expiries(t.database, userId)).toEqual({ type: 'free', plus: null, vip: null });
  });
});

describe('the rules of buying', () => {
  it('VIP only with active Plus: 403 plus_required', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    const buyVip = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/platega/create',
        headers: bearer(token),
        payload: { plan_type: 'vip_quarterly' },
      });
    expectError(await buyVip(), 403, 'plus_required', PAYMENT_MESSAGES.vipNeedsPlus);
    await setMembership(t.database, userId, 'plus', inDays(-1));
    expectError(await buyVip(), 403, 'plus_required', PAYMENT_MESSAGES.vipNeedsPlus);
    await setMembership(t.database, userId, 'plus', inDays(1));
    expect((await buyVip()).json()).toMatchObject({ amount: 5690 });
  });

  it("the client's amount never counts: prices come from the server's table", async () => {
    const { access_token: token } = await guest(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create',
      headers: bearer(token),
      payload: { plan_type: 'yearly', amount: 1 },
    });
    const { order_id } = res.json<{ order_id: string }>();
    expect(await paymentRow(t.database, order_id)).toMatchObject({
      amount: 7990,
      currency: 'RUB',
      days: 365,
    });
    expect((await t.app.inject({ url: `/sandbox/pay/${order_id}` })).body).toMatch(/7\s990 ₽/);
  });

  it("another user's order, or an unknown one, is 'Платеж не найден' (404) on every status route", async () => {
    const owner = await guest(t.app, '10.0.0.2');
    const orderId = await order(t.app, owner.access_token);
    const intruder = await guest(t.app, '10.0.0.3');
    const h = bearer(intruder.access_token);
    for (const res of [
      await paymentStatus(t.app, intruder.access_token, orderId),
      await paymentStatus(t.app, intruder.access_token, 'order_unknown_000000000000'),
      await t.app.inject({
        method: 'POST',
        url: '/api/payment/crypto/status',
        headers: h,
        payload: { payment_id: orderId },
      }),
      await t.app.inject({ url: `/api/payment/platega/status/${orderId}`, headers: h }),
      await t.app.inject({ url: `/api/payment/twinpay/status/${orderId}`, headers: h }),
      await t.app.inject({ url: `/api/payment/cactuspay/status/${orderId}`, headers: h }),
    ]) {
      expectError(res, 404, 'not_found', PAYMENT_MESSAGES.unknownOrder);
    }
  });

  it('bad input gets a clear 400, never a 500', async () => {
    const { access_token: token } = await guest(t.app);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    expectError(
      await post('/api/payment/platega/create', { plan_type: 'weekly' }),
      400,
      'validation_failed',
      'Неизвестный тариф',
    );
    expectError(
      await post('/api/payment/crypto/create-fixed', { plan_type: 'monthly', pay_currency: 'b t c' }),
      400,
      'validation_failed',
      'Неизвестная криптовалюта',
    );
    expect(
      (await post('/api/payment/twinpay/create', { plan_type: 'monthly', payment_method: 'CASH' }))
        .statusCode,
    ).toBe(400);
    // A coin the sandbox does not know: the provider's refusal, not a 500.
    expectError(
      await post('/api/payment/crypto/create-fixed', { plan_type: 'monthly', pay_currency: 'zzz' }),
      502,
      'provider_error',
      PAYMENT_MESSAGES.cryptoCreateFailed,
    );
  });
});

describe('status checks', () => {
  it('the provider is asked about an open order at most every 5 s', async () => {
    await t.rebuild({});
    const { access_token: token } = await guest(t.app);
    const orderId = await order(t.app, token);
    const asked = async () => {
      const row = await paymentRow(t.database, orderId);
      const events = await t.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, row?.id ?? ''));
      return events.filter((e) => e.kind === 'status').length;
    };
    for (let i = 0; i < 3; i++) expect((await paymentStatus(t.app, token, orderId)).statusCode).toBe(200);
    expect(await asked()).toBe(1);
    t.clock.advanceSeconds(5);
    await paymentStatus(t.app, token, orderId);
    expect(await asked()).toBe(2);
  });
});

describe('production without providers', () => {
  it('every method is off: /api/config says so, creating answers 503, the sandbox does not exist', async () => {
    await t.rebuild({ env: { NODE_ENV: 'production' } });
    const config = await t.app.inject({ url: '/api/config' });
    expect(config.json<ConfigResponse>().payments).toEqual({
      crypto: { mode: 'off', provider: 'off' },
      platega: { mode: 'off', provider: 'off' },
      twinpay: { mode: 'off', provider: 'off' },
      cactuspay: { mode: 'off', provider: 'off' },
    });
    const { access_token: token } = await guest(t.app);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    for (const res of [
      await post('/api/payment/create', { plan_type: 'monthly' }),
      await post('/api/payment/platega/create', { plan_type: 'monthly' }),
      await post('/api/payment/cactuspay/create-simple', { plan_type: 'monthly' }),
      await post('/api/payment/cactuspay/create-h2h', { plan_type: 'monthly' }),
      await post('/api/payment/twinpay/create', { plan_type: 'monthly', payment_method: 'SBP' }),
      await post('/api/payment/crypto/create-fixed', { plan_type: 'monthly', pay_currency: 'btc' }),
      await t.app.inject({ url: '/api/payment/crypto/currencies', headers: bearer(token) }),
    ]) {
      expectError(res, 503, 'service_unavailable', PAYMENT_MESSAGES.cardUnavailable);
    }
    const id = `order_${'x'.repeat(24)}`;
    expect((await t.app.inject({ url: `/sandbox/pay/${id}` })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/payment/sandbox/${id}/pay`,
          payload: { outcome: 'paid' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payment/sandbox/callback', payload: '{}' }))
        .statusCode,
    ).toBe(404);
  });
});
