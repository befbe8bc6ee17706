import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCallbackRequest, providerRejection } from '../../test/payments.ts';
import { type FakeNowPayments, startFakeNowPayments } from './fakes/nowpayments.ts';
import {
  createNowPayments,
  ipnSignature,
  nowPaymentsCoin,
  nowPaymentsState,
  sortKeysDeep,
} from './nowpayments.ts';
import { CallbackRejected, type CryptoCreateRequest, type CryptoPaymentPort } from './port.ts';

const API_KEY = 'np-key-123';
const IPN_SECRET = 'np-ipn-secret';

let fake: FakeNowPayments;
let port: CryptoPaymentPort;

beforeAll(async () => {
  fake = await startFakeNowPayments({ apiKey: API_KEY, ipnSecret: IPN_SECRET });
  port = createNowPayments({ baseUrl: `${fake.baseUrl}/v1`, apiKey: API_KEY, ipnSecret: IPN_SECRET });
});
afterAll(() => fake.close());

const REQUEST: CryptoCreateRequest = {
  orderId: 'order_abcdefghijklmnopqrstuvwx',
  priceAmount: 14.99,
  priceCurrency: 'usd',
  payCurrency: 'usdt',
  network: 'trc20',
  ipnCallbackUrl: 'https://podruga.example/api/payment/crypto/ipn',
  isFixedRate: true,
  isFeePaidByUser: false,
  description: 'Plus, 3 месяца',
};

/** A fake's callback as the route would hand it to the adapter. */

describe('NOWPayments adapter against its fake', () => {
  it('describes itself without the key', () => {
    expect(port.adapter).toBe('nowpayments');
    expect(port.offline).toBe(false);
    expect(port.describe()).toContain(fake.baseUrl);
    expect(port.describe()).not.toContain(API_KEY);
  });

  it('creates a fixed-rate payment with the documented fields and reads it back', async () => {
    const created = await port.create(REQUEST);
    const sent = fake.requests.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/v1/payment');
    expect(sent?.headers['x-api-key']).toBe(API_KEY);
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      price_amount: 14.99,
      price_currency: 'usd',
      pay_currency: 'usdttrc20',
      ipn_callback_url: REQUEST.ipnCallbackUrl,
      order_id: REQUEST.orderId,
      order_description: REQUEST.description,
      is_fixed_rate: true,
      is_fee_paid_by_user: false,
    });
    expect(created).toMatchObject({
      state: 'pending',
      providerStatus: 'waiting',
      cryptoStatus: 'waiting',
      orderId: REQUEST.orderId,
      payCurrency: 'usdttrc20',
      payAmount: 14.99,
      priceAmount: 14.99,
      priceCurrency: 'usd',
      amount: 14.99,
      currency: 'usd',
      network: 'trx',
    });
    expect(created.providerPaymentId).toMatch(/^\d+$/);
    expect(created.payAddress).toContain('usdttrc20');
    expect(created.expiresAt).toBeInstanceOf(Date);

    const waiting = await port.status(created.providerPaymentId);
    expect(waiting).toMatchObject({ state: 'pending', cryptoStatus: 'waiting', orderId: REQUEST.orderId });
    expect(waiting.network).toBeNull();

    fake.setStatus(created.providerPaymentId, 'partially_paid');
    expect((await port.status(created.providerPaymentId)).state).toBe('pending');
    fake.setStatus(created.providerPaymentId, 'finished');
    const finished = await port.status(created.providerPaymentId);
    expect(finished).toMatchObject({ state: 'paid', providerStatus: 'finished', cryptoStatus: 'finished' });
  });

  it('maps every status word; only finished is paid', () => {
    expect(nowPaymentsState('finished')).toBe('paid');
    for (const word of ['waiting', 'confirming', 'confirmed', 'sending', 'partially_paid', 'something_new']) {
      expect(nowPaymentsState(word)).toBe('pending');
    }
    expect(nowPaymentsState('failed')).toBe('failed');
    expect(nowPaymentsState('expired')).toBe('expired');
    expect(nowPaymentsState('refunded')).toBe('refunded');
    expect(nowPaymentsState('partially_refunded')).toBe('refunded');
  });

  it('keeps an unknown status word and calls it waiting for the dialog', async () => {
    const created = await port.create(REQUEST);
    fake.setStatus(created.providerPaymentId, 'wrong_asset_confirmed');
    const status = await port.status(created.providerPaymentId);
    expect(status).toMatchObject({
      state: 'pending',
      providerStatus: 'wrong_asset_confirmed',
      cryptoStatus: 'waiting',
    });
  });

  it('reports an unknown payment as not_found', async () => {
    expect((await providerRejection(port.status('999'))).kind).toBe('not_found');
  });

  it('lists enabled currencies with names, networks and absolute logo URLs', async () => {
    const currencies = await port.currencies();
    expect(fake.requests.at(-1)?.url).toBe('/v1/full-currencies');
    expect(currencies).toContainEqual({
      code: 'btc',
      name: 'Bitcoin',
      network: 'btc',
      logoUrl: 'https://nowpayments.io/images/coins/btc.svg',
    });
    expect(currencies.find((coin) => coin.code === 'usdttrc20')?.network).toBe('trx');
    // The fake disables dash.
    expect(currencies.some((coin) => coin.code === 'dash')).toBe(false);
  });

  it('asks the minimum amount and an estimate; a string number is accepted', async () => {
    const min = await port.minAmount('BTC', 'usd');
    expect(fake.requests.at(-1)?.url).toBe('/v1/min-amount?currency_from=btc&currency_to=usd');
    expect(min).toBeCloseTo(10 / 60_000, 10);

    const estimate = await port.estimate(29.99, 'usd', 'eth');
    expect(fake.requests.at(-1)?.url).toBe('/v1/estimate?amount=29.99&currency_from=usd&currency_to=eth');
    expect(estimate).toBeCloseTo(29.99 / 3_000, 8);
  });

  it('accepts a base URL without /v1', async () => {
    const bare = createNowPayments({ baseUrl: `${fake.baseUrl}/`, apiKey: API_KEY, ipnSecret: IPN_SECRET });
    await bare.minAmount('eth', 'usd');
    expect(fake.requests.at(-1)?.url).toMatch(/^\/v1\/min-amount\?/);
  });
});

describe('NOWPayments IPN', () => {
  it('accepts a correctly signed IPN with a nested fee, whatever the key order', async () => {
    const created = await port.create(REQUEST);
    fake.setStatus(created.providerPaymentId, 'finished');
    const callback = fake.callback(REQUEST.ipnCallbackUrl, created.providerPaymentId);
    // The fake writes keys out of order and nests `fee`: a top-level-only sort would break the signature.
    expect(callback.body.indexOf('"payment_status"')).toBeLessThan(callback.body.indexOf('"payment_id"'));
    expect(JSON.parse(callback.body).fee).toMatchObject({ currency: 'usdttrc20' });

    const claim = port.verifyCallback(asCallbackRequest(callback));
    expect(claim).toMatchObject({
      providerPaymentId: created.providerPaymentId,
      orderId: REQUEST.orderId,
      claimedStatus: 'finished',
    });
  });

  it('sorts nested keys: a signature over a top-level-only sort is refused', async () => {
    const created = await port.create(REQUEST);
    const callback = fake.callback(REQUEST.ipnCallbackUrl, created.providerPaymentId);
    const body = JSON.parse(callback.body) as Record<string, unknown>;
    const topLevelOnly = Object.fromEntries(
      Object.keys(body)
        .sort()
        .map((key) => [key, body[key]]),
    );
    const wrongSignature = createHmac('sha512', IPN_SECRET)
      .update(JSON.stringify(topLevelOnly))
      .digest('hex');
    expect(wrongSignature).not.toBe(ipnSignature(body, IPN_SECRET));
    expect(() =>
      port.verifyCallback(
        asCallbackRequest({
          ...callback,
          headers: { ...callback.headers, 'x-nowpayments-sig': wrongSignature },
        }),
      ),
    ).toThrow(new CallbackRejected('signature'));
  });

  it('accepts the signature in capitals', async () => {
    const created = await port.create(REQUEST);
    const callback = fake.callback(REQUEST.ipnCallbackUrl, created.providerPaymentId);
    const upper = callback.headers['x-nowpayments-sig']?.toUpperCase() ?? '';
    expect(
      port.verifyCallback(
        asCallbackRequest({ ...callback, headers: { ...callback.headers, 'x-nowpayments-sig': upper } }),
      ),
    ).toMatchObject({ providerPaymentId: created.providerPaymentId });
  });

  it('refuses a forged, missing, truncated or foreign-key signature, and a body changed after signing', async () => {
    const created = await port.create(REQUEST);
    const id = created.providerPaymentId;
    const forged = [
      fake.callback(undefined, id, {}, { headers: { 'x-nowpayments-sig': 'ab'.repeat(64) } }),
      fake.callback(undefined, id, {}, { headers: { 'x-nowpayments-sig': undefined } }),
      fake.callback(undefined, id, {}, { headers: { 'x-nowpayments-sig': '' } }),
      fake.callback(undefined, id, {}, { headers: { 'x-nowpayments-sig': 'abc' } }),
    ];
    const good = fake.callback(undefined, id);
    const signedByOther = createHmac('sha512', 'another-secret')
      .update(JSON.stringify(sortKeysDeep(JSON.parse(good.body))))
      .digest('hex');
    forged.push({ ...good, headers: { ...good.headers, 'x-nowpayments-sig': signedByOther } });
    forged.push({ ...good, body: good.body.replace('"waiting"', '"finished"') });
    for (const callback of forged) {
      expect(() => port.verifyCallback(asCallbackRequest(callback))).toThrow(
        new CallbackRejected('signature'),
      );
    }
  });

  it('refuses every IPN when no IPN secret is configured', async () => {
    const created = await port.create(REQUEST);
    const unsigned = createNowPayments({ baseUrl: fake.baseUrl, apiKey: API_KEY, ipnSecret: '' });
    const callback = fake.callback(undefined, created.providerPaymentId);
    expect(() => unsigned.verifyCallback(asCallbackRequest(callback))).toThrow(
      new CallbackRejected('signature'),
    );
  });

  it('calls a body that is not a JSON object malformed; a signed body without payment_id too', () => {
    for (const rawBody of ['', 'not json', '[1,2]', '"text"', 'null']) {
      expect(() =>
        port.verifyCallback({
          rawBody,
          headers: { 'x-nowpayments-sig': 'ab' },
          contentType: 'application/json',
        }),
      ).toThrow(new CallbackRejected('malformed'));
    }
    const body = { payment_status: 'finished' };
    const rawBody = JSON.stringify(body);
    expect(() =>
      port.verifyCallback({
        rawBody,
        headers: { 'x-nowpayments-sig': ipnSignature(body, IPN_SECRET) },
        contentType: 'application/json',
      }),
    ).toThrow(new CallbackRejected('malformed'));
  });

  it('sorts keys recursively and keeps arrays in order', () => {
    expect(JSON.stringify(sortKeysDeep({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } }))).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });
});

describe('NOWPayments tickers', () => {
  it('adds the network to coins that have a choice only', () => {
    expect(nowPaymentsCoin('usdt', 'trc20')).toBe('usdttrc20');
    expect(nowPaymentsCoin('usdt', 'eth')).toBe('usdterc20');
    expect(nowPaymentsCoin('usdt', 'bsc')).toBe('usdtbsc');
    expect(nowPaymentsCoin('usdt', 'polygon')).toBe('usdtmatic');
    expect(nowPaymentsCoin('usdt', 'solana')).toBe('usdtsol');
    expect(nowPaymentsCoin('usdc', 'eth')).toBe('usdc');
    expect(nowPaymentsCoin('bnb', 'bsc')).toBe('bnbbsc');
    expect(nowPaymentsCoin('matic', 'polygon')).toBe('maticmainnet');
    expect(nowPaymentsCoin('BTC', 'trc20')).toBe('btc');
    expect(nowPaymentsCoin('xmr', undefined)).toBe('xmr');
  });
});

describe('NOWPayments failures', () => {
  it('maps 5xx to unavailable, 4xx to rejected, garbage to bad_response, with the body in detail only', async () => {
    fake.failNext({ status: 503, body: 'maintenance' });
    const down = await providerRejection(port.minAmount('btc', 'usd'));
    expect(down).toMatchObject({ kind: 'unavailable', status: 503, detail: 'maintenance' });
    expect(down.message).not.toContain('maintenance');

    fake.failNext({ status: 500 });
    expect((await providerRejection(port.create(REQUEST))).kind).toBe('unavailable');

    fake.failNext({ status: 429, body: 'slow down' });
    expect((await providerRejection(port.estimate(1, 'usd', 'btc'))).kind).toBe('unavailable');

    fake.failNext({ status: 400, body: '{"message":"bad"}' });
    expect(await providerRejection(port.create(REQUEST))).toMatchObject({ kind: 'rejected', status: 400 });

    fake.failNext({ status: 200, body: '<html>oops</html>' });
    expect((await providerRejection(port.currencies())).kind).toBe('bad_response');

    fake.failNext({ status: 200, body: '{"payment_id":"1"}' });
    expect((await providerRejection(port.status('1'))).kind).toBe('bad_response');

    fake.failNext({ status: 200, body: '{"min_amount":"lots"}' });
    expect((await providerRejection(port.minAmount('btc', 'usd'))).kind).toBe('bad_response');

    fake.failNext({ status: 200, body: `{"currencies":["${'x'.repeat(3 * 1024 * 1024)}"]}` });
    expect((await providerRejection(port.currencies())).kind).toBe('bad_response');
  });

  it('refuses a wrong API key as rejected', async () => {
    const wrong = createNowPayments({ baseUrl: fake.baseUrl, apiKey: 'wrong', ipnSecret: IPN_SECRET });
    expect(await providerRejection(wrong.currencies())).toMatchObject({ kind: 'rejected', status: 403 });
  });

  it('gives up on a server that never answers: unavailable', async () => {
    const impatient = createNowPayments({
      baseUrl: fake.baseUrl,
      apiKey: API_KEY,
      ipnSecret: IPN_SECRET,
      timeoutMs: 200,
    });
    fake.failNext({ hang: true });
    expect(await providerRejection(impatient.status('1'))).toMatchObject({
      kind: 'unavailable',
      detail: 'timeout',
    });
  });

  it('gives up on a body that stops halfway: unavailable', async () => {
    const impatient = createNowPayments({
      baseUrl: fake.baseUrl,
      apiKey: API_KEY,
      ipnSecret: IPN_SECRET,
      timeoutMs: 200,
    });
    fake.failNext({ stall: true });
    expect(await providerRejection(impatient.status('1'))).toMatchObject({
      kind: 'unavailable',
      detail: 'timeout while reading the body',
    });
  });

  it('maps a refused connection to unavailable', async () => {
    const closed = await startFakeNowPayments({ apiKey: API_KEY, ipnSecret: IPN_SECRET });
    await closed.close();
    const nowhere = createNowPayments({ baseUrl: closed.baseUrl, apiKey: API_KEY, ipnSecret: IPN_SECRET });
    expect((await providerRejection(nowhere.currencies())).kind).toBe('unavailable');
  });
});
