import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal } from '../../test/http-server.ts';
import { asCallbackRequest, providerRejection } from '../../test/payments.ts';
import { type FakePlatega, startFakePlatega } from './fakes/platega.ts';
import { createPlatega, plategaState } from './platega.ts';
import {
  CallbackRejected,
  type CallbackRequest,
  type RedirectCreateRequest,
  type RedirectPaymentPort,
} from './port.ts';

const MERCHANT_ID = '4f1c2b9e-8a53-4c3e-9d2f-2f0a7e1b6c11';
const SECRET = 'platega-secret-value';
const CALLBACK_URL = 'https://podruga.example/api/payment/platega/callback';

let fake: FakePlatega;
let port: RedirectPaymentPort;

beforeAll(async () => {
  fake = await startFakePlatega({ merchantId: MERCHANT_ID, secret: SECRET });
  port = createPlatega({ baseUrl: fake.baseUrl, merchantId: MERCHANT_ID, secret: SECRET });
});
afterAll(() => fake.close());

const REQUEST: RedirectCreateRequest = {
  orderId: 'order_platega_0123456789abcd',
  amountRub: 1290,
  description: 'Plus, 1 месяц',
  returnUrl: 'https://podruga.example/payment-return?order_id=order_platega_0123456789abcd',
  failedUrl: 'https://podruga.example/plus?payment=failed',
};

describe('Platega adapter against its fake', () => {
  it('creates a card transaction with our order id in payload and reads its status', async () => {
    const created = await port.create(REQUEST);
    const sent = fake.requests.at(-1);
    expect(sent?.url).toBe('/transaction/process');
    expect(sent?.headers['x-merchantid']).toBe(MERCHANT_ID);
    expect(sent?.headers['x-secret']).toBe(SECRET);
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      paymentMethod: 11,
      paymentDetails: { amount: 1290, currency: 'RUB' },
      description: REQUEST.description,
      return: REQUEST.returnUrl,
      failedUrl: REQUEST.failedUrl,
      payload: REQUEST.orderId,
    });
    expect(created.redirectUrl).toBe(`${fake.baseUrl}/pay/${created.providerPaymentId}`);
    expect(created.expiresIn).toBe('00:15:00');

    const pending = await port.status(created.providerPaymentId);
    expect(fake.requests.at(-1)?.url).toBe(`/transaction/${created.providerPaymentId}`);
    expect(pending).toMatchObject({
      state: 'pending',
      providerStatus: 'PENDING',
      providerPaymentId: created.providerPaymentId,
      orderId: REQUEST.orderId,
      amount: 1290,
      currency: 'RUB',
    });

    fake.setStatus(created.providerPaymentId, 'CONFIRMED');
    expect(await port.status(created.providerPaymentId)).toMatchObject({
      state: 'paid',
      providerStatus: 'CONFIRMED',
    });
    fake.setStatus(created.providerPaymentId, 'CHARGEBACKED');
    expect((await port.status(created.providerPaymentId)).state).toBe('chargeback');
  });

  it('sends the configured payment method', async () => {
    const sbp = createPlatega({
      baseUrl: fake.baseUrl,
      merchantId: MERCHANT_ID,
      secret: SECRET,
      paymentMethod: 2,
    });
    await sbp.create(REQUEST);
    expect(JSON.parse(fake.requests.at(-1)?.body ?? '').paymentMethod).toBe(2);
  });

  it('maps every status word', () => {
    expect(plategaState('CONFIRMED')).toBe('paid');
    expect(plategaState('CANCELED')).toBe('failed');
    expect(plategaState('FAILED')).toBe('failed');
    expect(plategaState('EXPIRED')).toBe('expired');
    expect(plategaState('CHARGEBACKED')).toBe('chargeback');
    expect(plategaState('PENDING')).toBe('pending');
    expect(plategaState('SOMETHING_NEW')).toBe('pending');
  });

  it('reports an unknown transaction as not_found and wrong credentials as rejected', async () => {
    expect((await providerRejection(port.status('00000000-0000-0000-0000-000000000000'))).kind).toBe(
      'not_found',
    );
    const wrong = createPlatega({ baseUrl: fake.baseUrl, merchantId: MERCHANT_ID, secret: 'nope' });
    expect(await providerRejection(wrong.create(REQUEST))).toMatchObject({ kind: 'rejected', status: 401 });
  });

  it('maps 500, garbage, a missing or non-web redirect and a hanging server', async () => {
    fake.failNext({ status: 500 });
    expect((await providerRejection(port.create(REQUEST))).kind).toBe('unavailable');
    fake.failNext({ status: 200, body: 'OK' });
    expect((await providerRejection(port.create(REQUEST))).kind).toBe('bad_response');
    fake.failNext({ status: 200, body: '{"transactionId":"t1","status":"PENDING"}' });
    expect((await providerRejection(port.create(REQUEST))).kind).toBe('bad_response');
    fake.failNext({ status: 200, body: '{"transactionId":"t1","redirect":"javascript:alert(1)"}' });
    expect((await providerRejection(port.create(REQUEST))).kind).toBe('bad_response');
    fake.failNext({ status: 200, body: '{"id":"t1"}' });
    expect((await providerRejection(port.status('t1'))).kind).toBe('bad_response');

    // A redirect would carry X-Secret elsewhere: not followed, refused.
    fake.failNext({ status: 302, headers: { location: 'http://127.0.0.1:9/steal' } });
    expect(await providerRejection(port.status('t1'))).toMatchObject({ kind: 'rejected', status: 302 });
    expect(fake.requests.at(-1)?.url).toBe('/transaction/t1');

    const impatient = createPlatega({
      baseUrl: fake.baseUrl,
      merchantId: MERCHANT_ID,
      secret: SECRET,
      timeoutMs: 200,
    });
    fake.failNext({ hang: true });
    expect((await providerRejection(impatient.status('t1'))).kind).toBe('unavailable');
  });
});

describe('Platega callbacks', () => {
  it('accepts a callback carrying our merchant id and secret', async () => {
    const created = await port.create(REQUEST);
    fake.setStatus(created.providerPaymentId, 'CONFIRMED');
    const claim = port.verifyCallback(
      asCallbackRequest(fake.callback(CALLBACK_URL, created.providerPaymentId)),
    );
    expect(claim).toMatchObject({
      providerPaymentId: created.providerPaymentId,
      orderId: REQUEST.orderId,
      claimedStatus: 'CONFIRMED',
    });
  });

  it('refuses a wrong or missing merchant id or secret', async () => {
    const created = await port.create(REQUEST);
    const id = created.providerPaymentId;
    const forged = [
      { 'x-merchantid': 'another-merchant' },
      { 'x-secret': 'guess' },
      { 'x-secret': `${SECRET}x` },
      { 'x-secret': SECRET.slice(0, -1) },
      { 'x-merchantid': undefined },
      { 'x-secret': undefined },
      { 'x-merchantid': undefined, 'x-secret': undefined },
    ];
    for (const headers of forged) {
      expect(() =>
        port.verifyCallback(asCallbackRequest(fake.callback(CALLBACK_URL, id, {}, { headers }))),
      ).toThrow(new CallbackRejected('signature'));
    }
  });

  it('calls a body without id or status malformed', async () => {
    const created = await port.create(REQUEST);
    for (const rawBody of ['{', '{"status":"CONFIRMED"}', '{"id":"x"}', '']) {
      const callback = fake.callback(CALLBACK_URL, created.providerPaymentId, {}, { rawBody });
      expect(() => port.verifyCallback(asCallbackRequest(callback))).toThrow(
        new CallbackRejected('malformed'),
      );
    }
  });

  it('delivers a callback over HTTP as Platega would', async () => {
    const created = await port.create(REQUEST);
    const received: CallbackRequest[] = [];
    const ours = await listenLocal(async (req, res) => {
      let rawBody = '';
      for await (const chunk of req) rawBody += chunk;
      const headers = req.headers as CallbackRequest['headers'];
      received.push({ rawBody, headers, contentType: req.headers['content-type'] });
      res.writeHead(200).end('ok');
    });
    try {
      const answer = await fake.sendCallback(
        `${ours.origin}/api/payment/platega/callback`,
        created.providerPaymentId,
      );
      expect(answer.status).toBe(200);
      expect(received).toHaveLength(1);
      const first = received[0];
      if (!first) throw new Error('no callback arrived');
      expect(port.verifyCallback(first).providerPaymentId).toBe(created.providerPaymentId);
    } finally {
      await ours.close();
    }
  });
});
