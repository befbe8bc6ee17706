import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCallbackRequest, providerRejection } from '../../test/payments.ts';
import type { FakeCallback } from './fakes/fake-server.ts';
import { FAKE_TWINPAY_REQUISITES, type FakeTwinpay, startFakeTwinpay } from './fakes/twinpay.ts';
import { CallbackRejected, type TransferCreateRequest, type TransferPaymentPort } from './port.ts';
import { callbackToken, createTwinpay } from './twinpay.ts';
import { readInvoice, readStatus, twinpayState } from './twinpay-wire.ts';

const CLIENT_ID = 'GnHAFAZsT1ktFYqauUVtB8sECR7m';
const CLIENT_SECRET = 'twinpay-client-secret';
const CALLBACK_URL = 'https://podruga.example/api/payment/twinpay/callback';

let fake: FakeTwinpay;
let port: TransferPaymentPort;

beforeAll(async () => {
  fake = await startFakeTwinpay({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  port = createTwinpay({ baseUrl: fake.baseUrl, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
});
afterAll(() => fake.close());

/** TwinPay's callbacks are checked by the token in their URL: passed unless a test says not to. */
const asTwinpayRequest = (callback: FakeCallback, withUrl = true) => asCallbackRequest(callback, { withUrl });

let counter = 0;
function request(overrides: Partial<TransferCreateRequest> = {}): TransferCreateRequest {
  counter += 1;
  return {
    orderId: `order_twin_${String(counter).padStart(20, '0')}`,
    amountRub: 3290,
    method: 'TO_CARD',
    successUrl: 'https://podruga.example/payment-return',
    cancelUrl: 'https://podruga.example/plus?payment=failed',
    callbackUrl: CALLBACK_URL,
    ...overrides,
  };
}

/** The callback as the route hands it over, with the path and query it arrived at. */

describe('TwinPay adapter against its fake', () => {
  it('initiates a card transfer with the documented form fields and a signed callback URL', async () => {
    const order = request();
    const created = await port.create(order);
    const sent = fake.requests.at(-1);
    expect(sent?.url).toBe('/api/v2/initiate-payment');
    expect(String(sent?.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    const invoice = fake.payments.get(created.providerPaymentId);
    expect(invoice).toMatchObject({
      order_id: order.orderId,
      amount: 3290,
      currency: 'RUB',
      method: 'TO_CARD',
    });
    const callbackUrl = new URL(invoice?.callbackUrl ?? '');
    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(CALLBACK_URL);
    expect(callbackUrl.searchParams.get('order')).toBe(order.orderId);
    expect(callbackUrl.searchParams.get('token')).toBe(callbackToken(CLIENT_SECRET, order.orderId));

    expect(created).toMatchObject({
      requisites: FAKE_TWINPAY_REQUISITES.card,
      cardNumber: FAKE_TWINPAY_REQUISITES.card,
      sbpDetails: null,
      holder: FAKE_TWINPAY_REQUISITES.holder,
    });
    expect(created.expiresAt).toBeInstanceOf(Date);
  });

  it('gives SBP requisites as a phone and bank line', async () => {
    const created = await port.create(request({ method: 'SBP_ALFA' }));
    const line = `${FAKE_TWINPAY_REQUISITES.phone}, ${FAKE_TWINPAY_REQUISITES.bank}`;
    expect(created).toMatchObject({ requisites: line, sbpDetails: line, cardNumber: null });
  });

  it('reads the status back by invoice id', async () => {
    const order = request();
    const created = await port.create(order);
    const pending = await port.status(created.providerPaymentId);
    expect(fake.requests.at(-1)?.url).toBe('/api/v2/payment-status');
    expect(pending).toMatchObject({
      state: 'pending',
      providerStatus: 'pending',
      providerPaymentId: created.providerPaymentId,
      orderId: order.orderId,
      amount: 3290,
      currency: 'RUB',
    });
    fake.setStatus(created.providerPaymentId, 'paid');
    expect((await port.status(created.providerPaymentId)).state).toBe('paid');
    expect((await providerRejection(port.status('inv_unknown'))).kind).toBe('not_found');
  });

  it('accepts the base URL as the site or as the API root', async () => {
    const apiRoot = createTwinpay({
      baseUrl: `${fake.baseUrl}/api/v2/`,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    await apiRoot.create(request());
    expect(fake.requests.at(-1)?.url).toBe('/api/v2/initiate-payment');
  });

  it('uses a configured status path', async () => {
    const moved = createTwinpay({
      baseUrl: fake.baseUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      statusPath: '/api/v3/status',
    });
    expect((await providerRejection(moved.status('inv_1'))).kind).toBe('not_found');
    expect(fake.requests.at(-1)?.url).toBe('/api/v3/status');
  });

  it('maps wrong credentials, failure answers, 500, garbage and a hanging server', async () => {
    const wrong = createTwinpay({ baseUrl: fake.baseUrl, clientId: CLIENT_ID, clientSecret: 'nope' });
    expect(await providerRejection(wrong.create(request()))).toMatchObject({ kind: 'rejected', status: 401 });

    fake.failNext({ status: 200, body: '{"success":false,"message":"Нет доступных реквизитов"}' });
    const none = await providerRejection(port.create(request()));
    expect(none.kind).toBe('rejected');
    expect(none.detail).toContain('Нет доступных реквизитов');

    fake.failNext({ status: 500 });
    expect((await providerRejection(port.create(request()))).kind).toBe('unavailable');
    fake.failNext({ status: 200, body: '<!doctype html>' });
    expect((await providerRejection(port.create(request()))).kind).toBe('bad_response');
    fake.failNext({ status: 200, body: '{"success":true,"data":{"invoice_id":"inv_1"}}' });
    expect((await providerRejection(port.create(request()))).kind).toBe('bad_response');
    fake.failNext({ status: 200, body: '{"success":true,"data":{}}' });
    expect((await providerRejection(port.status('inv_1'))).kind).toBe('bad_response');

    const impatient = createTwinpay({
      baseUrl: fake.baseUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      timeoutMs: 200,
    });
    fake.failNext({ hang: true });
    expect((await providerRejection(impatient.create(request()))).kind).toBe('unavailable');
  });
});

describe('TwinPay wire mapping', () => {
  it('reads several likely spellings', () => {
    expect(readInvoice({ id: 17, card: '2200 1500 9876 5432', fio: 'Анна С.' })).toMatchObject({
      invoiceId: '17',
      cardNumber: '2200150098765432',
      holder: 'Анна С.',
    });
    expect(readInvoice({ result: { invoiceId: 'a', phone_number: '+79000000000' } })).toMatchObject({
      invoiceId: 'a',
      phone: '+79000000000',
    });
    expect(readInvoice({ id: 1 })).toBeNull();
    expect(readStatus({ data: { payment_status: 'SUCCESS', id: 5 } })).toMatchObject({
      status: 'SUCCESS',
      invoiceId: '5',
    });
  });

  it('maps status words, unknown ones to pending', () => {
    expect(twinpayState('SUCCESS')).toBe('paid');
    expect(twinpayState('paid')).toBe('paid');
    expect(twinpayState('canceled')).toBe('failed');
    expect(twinpayState('expired')).toBe('expired');
    expect(twinpayState('refunded')).toBe('refunded');
    expect(twinpayState('chargeback')).toBe('chargeback');
    expect(twinpayState('processing')).toBe('pending');
    expect(twinpayState('whatever')).toBe('pending');
  });
});

describe('TwinPay callbacks', () => {
  it('accepts a callback at the signed URL; the order id comes from the URL', async () => {
    const order = request();
    const created = await port.create(order);
    fake.setStatus(created.providerPaymentId, 'paid');
    const callback = fake.callback(undefined, created.providerPaymentId, {
      order_id: 'order_someone_else_000000',
    });
    expect(port.verifyCallback(asTwinpayRequest(callback))).toMatchObject({
      providerPaymentId: created.providerPaymentId,
      orderId: order.orderId,
      claimedStatus: 'paid',
    });
  });

  it('keeps the signed query when delivered to another address', async () => {
    const created = await port.create(request());
    const callback = fake.callback(
      'http://127.0.0.1:9/api/payment/twinpay/callback',
      created.providerPaymentId,
    );
    expect(new URL(callback.url).searchParams.get('token')).toBeTruthy();
    expect(port.verifyCallback(asTwinpayRequest(callback)).providerPaymentId).toBe(created.providerPaymentId);
  });

  it('refuses a URL without a token, with a wrong one, or with a token for another order', async () => {
    const first = request();
    const created = await port.create(first);
    const other = request();
    const urls = [
      `/api/payment/twinpay/callback`,
      `/api/payment/twinpay/callback?order=${first.orderId}`,
      `/api/payment/twinpay/callback?order=${first.orderId}&token=forged`,
      `/api/payment/twinpay/callback?order=${first.orderId}&token=${callbackToken('other-secret', first.orderId)}`,
      `/api/payment/twinpay/callback?order=${first.orderId}&token=${callbackToken(CLIENT_SECRET, other.orderId)}`,
    ];
    const callback = fake.callback(undefined, created.providerPaymentId);
    for (const url of urls) {
      expect(() => port.verifyCallback({ ...asTwinpayRequest(callback), url })).toThrow(
        new CallbackRejected('signature'),
      );
    }
  });

  it('only parses when the route gives no URL', async () => {
    const created = await port.create(request());
    const callback = fake.callback(undefined, created.providerPaymentId);
    expect(port.verifyCallback(asTwinpayRequest(callback, false))).toMatchObject({
      providerPaymentId: created.providerPaymentId,
    });
  });

  it('calls a body without a status, or not an object, malformed', async () => {
    const created = await port.create(request());
    for (const rawBody of ['{"invoice_id":"x"}', '[]', '{', '']) {
      const callback = fake.callback(undefined, created.providerPaymentId, {}, { rawBody });
      expect(() => port.verifyCallback(asTwinpayRequest(callback))).toThrow(
        new CallbackRejected('malformed'),
      );
    }
  });
});
