import { type ConfigResponse, type CryptoPayment, PAYMENT_MESSAGES } from '@podruga/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCactuspay } from '../../providers/payments/fakes/cactuspay.ts';
import type { FakeCallback } from '../../providers/payments/fakes/fake-server.ts';
import { startFakeNowPayments } from '../../providers/payments/fakes/nowpayments.ts';
import { startFakePlatega } from '../../providers/payments/fakes/platega.ts';
import { startFakeTwinpay } from '../../providers/payments/fakes/twinpay.ts';
import { useTestApp } from '../../test/app.ts';
import { bearer, expectError, register } from '../../test/http.ts';
import { DAY, expiries, grantsOf, paymentRow } from '../../test/payments.ts';

/**
 * The real adapters, chosen by their environment variables, against their fakes over real HTTP; the
 * callbacks go to our routes the way each provider sends them.
 */
const KEYS = {
  nowpayments: { apiKey: 'np-key', ipnSecret: 'np-ipn-secret' },
  platega: { merchantId: '7b0d6f1e-2c2a-4d51-9a53-3f0a6c1d2e4f', secret: 'platega-secret' },
  twinpay: { clientId: 'twin-client', clientSecret: 'twin-secret' },
  cactuspay: { token: 'cactus-token' },
};

let nowpayments: Awaited<ReturnType<typeof startFakeNowPayments>>;
let platega: Awaited<ReturnType<typeof startFakePlatega>>;
let twinpay: Awaited<ReturnType<typeof startFakeTwinpay>>;
let cactuspay: Awaited<ReturnType<typeof startFakeCactuspay>>;

beforeAll(async () => {
  [nowpayments, platega, twinpay, cactuspay] = await Promise.all([
    startFakeNowPayments(KEYS.nowpayments),
    startFakePlatega(KEYS.platega),
    startFakeTwinpay(KEYS.twinpay),
    startFakeCactuspay(KEYS.cactuspay),
  ]);
});
afterAll(async () => {
  await Promise.all([nowpayments, platega, twinpay, cactuspay].map((fake) => fake?.close()));
});

const t = useTestApp({ deps: { paymentStatusGapMs: 0 } });

beforeEach(async () => {
  await t.rebuild({
    env: {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://podruga.app',
      NOWPAYMENTS_API_KEY: KEYS.nowpayments.apiKey,
      NOWPAYMENTS_IPN_SECRET: KEYS.nowpayments.ipnSecret,
      NOWPAYMENTS_BASE_URL: `${nowpayments.baseUrl}/v1`,
      PLATEGA_MERCHANT_ID: KEYS.platega.merchantId,
      PLATEGA_SECRET: KEYS.platega.secret,
      PLATEGA_BASE_URL: platega.baseUrl,
      TWINPAY_CLIENT_ID: KEYS.twinpay.clientId,
      TWINPAY_CLIENT_SECRET: KEYS.twinpay.clientSecret,
      TWINPAY_BASE_URL: twinpay.baseUrl,
      CACTUSPAY_TOKEN: KEYS.cactuspay.token,
      CACTUSPAY_BASE_URL: `${cactuspay.baseUrl}/api/`,
    },
    deps: { paymentStatusGapMs: 0 },
  });
});

/** A provider's callback delivered to our app: its path and query, headers and body as sent. */
function deliver(app: FastifyInstance, callback: FakeCallback, path?: string) {
  const url = new URL(callback.url);
  return app.inject({
    method: 'POST',
    url: path ?? `${url.pathname}${url.search}`,
    headers: callback.headers,
    payload: callback.body,
  });
}

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe('real providers against their fakes', () => {
  it('/api/config and the modes say real for every configured method', async () => {
    const config = (await t.app.inject({ url: '/api/config' })).json<ConfigResponse>();
    expect(config.payments).toEqual({
      crypto: { mode: 'real', provider: 'nowpayments' },
      platega: { mode: 'real', provider: 'platega' },
      twinpay: { mode: 'real', provider: 'twinpay' },
      cactuspay: { mode: 'real', provider: 'cactuspay' },
    });
    expect(t.app.payments.sandbox).toBeNull();
  });

  it('NOWPayments: an IPN with a good signature is read back from the API, then Plus is granted', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    const res = await post(token, '/api/payment/crypto/create-fixed', {
      plan_type: 'quarterly',
      pay_currency: 'btc',
      price_amount: 0.01,
    });
    expect(res.statusCode, res.body).toBe(200);
    const crypto = res.json<CryptoPayment>();
    expect(crypto).toMatchObject({
      sandbox: false,
      sandbox_url: null,
      price_amount: 20,
      price_currency: 'usd',
    });
    const created = nowpayments.payments.get(crypto.payment_id);
    expect(created).toMatchObject({
      price_amount: 20,
      order_id: crypto.order_id,
      ipn_callback_url: 'https://podruga.app/api/payment/crypto/ipn',
      is_fixed_rate: true,
    });

    // The IPN says finished while the API still says waiting: nothing is granted.
    const early = nowpayments.callback(undefined, crypto.payment_id, { payment_status: 'finished' });
    expect((await deliver(t.app, early)).statusCode).toBe(200);
    expect(await grantsOf(t.database, userId)).toEqual([]);

    nowpayments.setStatus(crypto.payment_id, 'finished');
    const reads = () =>
      nowpayments.requests.filter((r) => r.method === 'GET' && r.url.includes(crypto.payment_id));
    const before = reads().length;
    expect((await deliver(t.app, nowpayments.callback(undefined, crypto.payment_id))).statusCode).toBe(200);
    expect(reads().length).toBe(before + 1);
    expect(await grantsOf(t.database, userId)).toHaveLength(1);
    expect((await expiries(t.database, userId))?.plus).toEqual(new Date(t.clock.now().getTime() + 90 * DAY));
    const status = await post(token, '/api/payment/crypto/status', { payment_id: crypto.payment_id });
    expect(status.json()).toMatchObject({ payment_status: 'finished', access: { plus_active: true } });
  });

  it('NOWPayments: a forged or tampered IPN is refused (401) and grants nothing', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    const crypto = (
      await post(token, '/api/payment/crypto/create-fixed', { plan_type: 'monthly', pay_currency: 'eth' })
    ).json<CryptoPayment>();
    nowpayments.setStatus(crypto.payment_id, 'finished');
    const forged = nowpayments.callback(
      undefined,
      crypto.payment_id,
      {},
      { headers: { 'x-nowpayments-sig': 'a'.repeat(128) } },
    );
    expectError(await deliver(t.app, forged), 401, 'unauthorized');
    const unsigned = nowpayments.callback(
      undefined,
      crypto.payment_id,
      {},
      { headers: { 'x-nowpayments-sig': undefined } },
    );
    expectError(await deliver(t.app, unsigned), 401, 'unauthorized');
    // A body changed in transit (another coin, another amount) no longer matches its signature.
    const good = nowpayments.callback(undefined, crypto.payment_id);
    expect((await deliver(t.app, { ...good, body: good.body.replace('"eth"', '"btc"') })).statusCode).toBe(
      401,
    );
    expect(await grantsOf(t.database, userId)).toEqual([]);
    expect((await paymentRow(t.database, crypto.order_id))?.state).toBe('pending');
  });

  it('Platega: a callback with wrong headers is 401; with ours, it is confirmed by a status call', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    const res = await post(token, '/api/payment/platega/create', { plan_type: 'monthly' });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<{
      transaction_id: string;
      order_id: string;
      redirect_url: string;
      sandbox: boolean;
    }>();
    expect(created.sandbox).toBe(false);
    expect(created.redirect_url).toContain(platega.baseUrl);
    platega.setStatus(created.transaction_id, 'CONFIRMED');
    const at = '/api/payment/platega/callback';
    for (const headers of [
      { 'x-secret': 'guess' },
      { 'x-merchantid': 'someone-else' },
      { 'x-secret': undefined },
    ]) {
      expectError(
        await deliver(t.app, platega.callback(`http://x${at}`, created.transaction_id, {}, { headers }), at),
        401,
        'unauthorized',
      );
    }
    expect(await grantsOf(t.database, userId)).toEqual([]);
    expect(
      (await deliver(t.app, platega.callback(`http://x${at}`, created.transaction_id), at)).statusCode,
    ).toBe(200);
    expect(await grantsOf(t.database, userId)).toHaveLength(1);
    const status = await t.app.inject({
      url: `/api/payment/platega/status/${created.order_id}`,
      headers: bearer(token),
    });
    expect(status.json()).toMatchObject({ is_paid: true, status: 'paid' });

    // A chargeback reported later: confirmed the same way, and the month is taken back.
    platega.setStatus(created.transaction_id, 'CHARGEBACKED');
    expect(
      (await deliver(t.app, platega.callback(`http://x${at}`, created.transaction_id), at)).statusCode,
    ).toBe(200);
    expect((await expiries(t.database, userId))?.plus).toEqual(t.clock.now());
  });

  it('a payment confirmed for less than the price grants nothing and the order fails', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    const created = (await post(token, '/api/payment/platega/create', { plan_type: 'yearly' })).json<{
      transaction_id: string;
      order_id: string;
    }>();
    const transaction = platega.payments.get(created.transaction_id);
    if (!transaction) throw new Error('no transaction');
    transaction.amount = 100;
    platega.setStatus(created.transaction_id, 'CONFIRMED');
    const at = '/api/payment/platega/callback';
    expect(
      (await deliver(t.app, platega.callback(`http://x${at}`, created.transaction_id), at)).statusCode,
    ).toBe(200);
    expect(await grantsOf(t.database, userId)).toEqual([]);
    const row = await paymentRow(t.database, created.order_id);
    expect(row?.state).toBe('failed');
    expect(row?.statusHistory.at(-1)?.note).toBe('underpaid: 100 of 7990');
  });

  it('CactusPay: the form-encoded webhook is confirmed with method=get; POST /api/payment/create uses it', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    const res = await post(token, '/api/payment/create', { plan_type: 'yearly', amount: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json<{ order_id: string; payment_url: string; amount: number; sandbox: boolean }>();
    expect(made).toMatchObject({ amount: 7990, sandbox: false });
    expect(cactuspay.payments.get(made.order_id)?.amount).toBe(7990);
    cactuspay.setStatus(made.order_id, 'ACCEPT');
    const at = '/api/payment/cactuspay/callback';
    const gets = () => cactuspay.requests.filter((r) => r.url.includes('method=get')).length;
    const before = gets();
    expect((await deliver(t.app, cactuspay.callback(`http://x${at}`, made.order_id), at)).statusCode).toBe(
      200,
    );
    expect(gets()).toBe(before + 1);
    expect(await grantsOf(t.database, userId)).toHaveLength(1);
    expect((await expiries(t.database, userId))?.plus).toEqual(new Date(t.clock.now().getTime() + 365 * DAY));
  });

  it('CactusPay: an unsigned webhook claiming ACCEPT grants nothing while CactusPay says WAIT', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    const made = (await post(token, '/api/payment/cactuspay/create-simple', { plan_type: 'monthly' })).json<{
      order_id: string;
    }>();
    const at = '/api/payment/cactuspay/callback';
    const claim = cactuspay.callback(`http://x${at}`, made.order_id, { status: 'ACCEPT' });
    expect((await deliver(t.app, claim, at)).statusCode).toBe(200);
    expect(await grantsOf(t.database, userId)).toEqual([]);
  });

  it('a callback with NUL or control characters is refused without a 500', async () => {
    const at = '/api/payment/cactuspay/callback';
    for (const payload of [
      'id=1&order_id=order_%00abc&status=ACCEPT',
      'id=%00&status=ACCEPT',
      `order_id=${'%C0'.repeat(3)}`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: at,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode, `${payload}: ${res.body}`).toBeLessThan(500);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/payment/platega/callback',
      headers: {
        'content-type': 'application/json',
        'x-merchantid': KEYS.platega.merchantId,
        'x-secret': KEYS.platega.secret,
      },
      payload: '{"id":"\u0000x","status":"CONFIRMED"}',
    });
    expect(raw.statusCode, raw.body).toBeLessThan(500);
  });

  it('TwinPay: the callback must carry the token of the URL we gave; then the status call decides', async () => {
    const { access_token: token, user_id: userId } = await register(t.app);
    const res = await post(token, '/api/payment/twinpay/create', {
      plan_type: 'monthly',
      payment_method: 'TO_CARD',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: { invoice_id: string; order_id: string; sandbox: boolean } }>();
    expect(data.sandbox).toBe(false);
    twinpay.setStatus(data.invoice_id, 'paid');
    const at = '/api/payment/twinpay/callback';
    expectError(await deliver(t.app, twinpay.callback(undefined, data.invoice_id), at), 401, 'unauthorized');
    expect(await grantsOf(t.database, userId)).toEqual([]);
    expect((await deliver(t.app, twinpay.callback(undefined, data.invoice_id))).statusCode).toBe(200);
    expect(await grantsOf(t.database, userId)).toHaveLength(1);
  });

  it('a provider failure is a 502 with the spec text, never the provider body', async () => {
    const { access_token: token } = await register(t.app);
    platega.failNext({ status: 500, body: 'internal secret stack trace' });
    const res = await post(token, '/api/payment/platega/create', { plan_type: 'monthly' });
    expectError(res, 502, 'provider_error', PAYMENT_MESSAGES.createFailed);
    expect(res.body).not.toContain('secret');
    nowpayments.failNext({ status: 503 });
    expectError(
      await post(token, '/api/payment/crypto/create-fixed', { plan_type: 'monthly', pay_currency: 'btc' }),
      502,
      'provider_error',
      PAYMENT_MESSAGES.cryptoCreateFailed,
    );
    cactuspay.failNext({ status: 502 });
    expectError(
      await post(token, '/api/payment/cactuspay/create-simple', { plan_type: 'monthly' }),
      502,
      'provider_error',
      PAYMENT_MESSAGES.simpleCardFailed,
    );
  });
});
