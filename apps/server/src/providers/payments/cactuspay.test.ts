import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCallbackRequest, providerRejection } from '../../test/payments.ts';
import { cactuspayState, createCactuspay } from './cactuspay.ts';
import { FAKE_CACTUS_REQUISITE, type FakeCactuspay, startFakeCactuspay } from './fakes/cactuspay.ts';
import { CallbackRejected, type CardCreateRequest, type CardPaymentPort } from './port.ts';

const TOKEN = 'cactus-token-1';
const CALLBACK_URL = 'https://podruga.example/api/payment/cactuspay/callback';

let fake: FakeCactuspay;
let port: CardPaymentPort;

beforeAll(async () => {
  fake = await startFakeCactuspay({ token: TOKEN });
  port = createCactuspay({ baseUrl: fake.baseUrl, token: TOKEN });
});
afterAll(() => fake.close());

let counter = 0;
function request(overrides: Partial<CardCreateRequest> = {}): CardCreateRequest {
  counter += 1;
  return {
    orderId: `order_cactus_${String(counter).padStart(20, '0')}`,
    amountRub: 1290,
    description: 'Plus, 1 месяц',
    redirectUrl: 'https://podruga.example/payment-return',
    h2h: false,
    method: 'card',
    ...overrides,
  };
}

describe('CactusPay adapter against its fake', () => {
  it('creates a simple card payment (a page) and reads its status by our order id', async () => {
    const order = request();
    const created = await port.create(order);
    const sent = fake.requests.at(-1);
    expect(sent?.url).toBe('/api/?method=create');
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      token: TOKEN,
      amount: 1290,
      order_id: order.orderId,
      description: order.description,
      redirect_url: order.redirectUrl,
      h2h: false,
      method: 'card',
    });
    expect(created).toMatchObject({ providerPaymentId: order.orderId, requisite: null, holder: null });
    expect(created.paymentUrl).toMatch(new RegExp(`^${fake.baseUrl}/pay/\\d+$`));

    const waiting = await port.status(order.orderId);
    expect(JSON.parse(fake.requests.at(-1)?.body ?? '')).toEqual({ token: TOKEN, order_id: order.orderId });
    expect(waiting).toMatchObject({
      state: 'pending',
      providerStatus: 'WAIT',
      providerPaymentId: order.orderId,
      orderId: order.orderId,
      amount: 1290,
      currency: 'RUB',
    });
    fake.setStatus(order.orderId, 'ACCEPT');
    expect(await port.status(order.orderId)).toMatchObject({ state: 'paid', providerStatus: 'ACCEPT' });
  });

  it('creates a host-to-host payment with the payer address and gets requisites', async () => {
    const order = request({ h2h: true, userIp: '203.0.113.7', method: 'sbp' });
    const created = await port.create(order);
    expect(JSON.parse(fake.requests.at(-1)?.body ?? '')).toMatchObject({
      h2h: true,
      user_ip: '203.0.113.7',
      method: 'sbp',
    });
    expect(created).toMatchObject({
      requisite: FAKE_CACTUS_REQUISITE.card,
      holder: FAKE_CACTUS_REQUISITE.holder,
    });
  });

  it('accepts the base URL as the site or as the API address', async () => {
    const apiAddress = createCactuspay({ baseUrl: `${fake.baseUrl}/api/`, token: TOKEN });
    await apiAddress.create(request());
    expect(fake.requests.at(-1)?.url).toBe('/api/?method=create');
  });

  it('keeps an unknown status word and counts it pending', () => {
    expect(cactuspayState('ACCEPT')).toBe('paid');
    expect(cactuspayState('WAIT')).toBe('pending');
    expect(cactuspayState('REFUND')).toBe('pending');
  });

  it('turns an error answer into rejected (create) or not_found (status), the message in detail', async () => {
    const tooSmall = await providerRejection(port.create(request({ amountRub: 50 })));
    expect(tooSmall).toMatchObject({ kind: 'rejected', detail: 'Минимальная сумма платежа 100 руб.' });
    expect(tooSmall.message).not.toContain('Минимальная');

    const wrongToken = createCactuspay({ baseUrl: fake.baseUrl, token: 'nope' });
    expect((await providerRejection(wrongToken.create(request()))).kind).toBe('rejected');

    expect((await providerRejection(port.status('order_never_created_000000'))).kind).toBe('not_found');
  });

  it('maps 500, 400, garbage, an answer with neither page nor requisites, and a hanging server', async () => {
    fake.failNext({ status: 502 });
    expect((await providerRejection(port.create(request()))).kind).toBe('unavailable');
    fake.failNext({ status: 400, body: 'Bad Request' });
    expect((await providerRejection(port.create(request()))).kind).toBe('rejected');
    fake.failNext({ status: 200, body: 'Warning: mysql_connect()' });
    expect((await providerRejection(port.status('order_x'))).kind).toBe('bad_response');
    fake.failNext({ status: 200, body: '{"status":"success","response":{"request_check":"x"}}' });
    expect((await providerRejection(port.create(request()))).kind).toBe('bad_response');
    fake.failNext({ status: 200, body: '{"status":"success","response":{"order_id":"x"}}' });
    expect((await providerRejection(port.status('order_x'))).kind).toBe('bad_response');

    const impatient = createCactuspay({ baseUrl: fake.baseUrl, token: TOKEN, timeoutMs: 200 });
    fake.failNext({ hang: true });
    expect((await providerRejection(impatient.status('order_x'))).kind).toBe('unavailable');
  });
});

describe('CactusPay webhooks', () => {
  it('parses the form-encoded webhook (unsigned: the service confirms with status)', async () => {
    const order = request();
    await port.create(order);
    fake.setStatus(order.orderId, 'ACCEPT');
    const callback = fake.callback(CALLBACK_URL, order.orderId);
    expect(callback.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(port.verifyCallback(asCallbackRequest(callback))).toMatchObject({
      providerPaymentId: order.orderId,
      orderId: order.orderId,
      claimedStatus: 'ACCEPT',
    });
  });

  it('calls a webhook without order_id or status malformed', async () => {
    const order = request();
    await port.create(order);
    for (const rawBody of ['', 'status=ACCEPT', `order_id=${order.orderId}`, 'garbage']) {
      const callback = fake.callback(CALLBACK_URL, order.orderId, {}, { rawBody });
      expect(() => port.verifyCallback(asCallbackRequest(callback))).toThrow(
        new CallbackRejected('malformed'),
      );
    }
  });
});
