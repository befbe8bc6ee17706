import { randomUUID } from 'node:crypto';
import {
  type CallbackTampering,
  deliverCallback,
  type FakeCallback,
  type FakeControls,
  startFakeServer,
  withHeaders,
} from './fake-server.ts';

/** A transaction as the fake keeps it. */
export interface FakePlategaTransaction {
  id: string;
  status: string;
  amount: number;
  currency: string;
  paymentMethod: number;
  description: string;
  return: string;
  failedUrl: string;
  payload: string | null;
}

export interface FakePlatega extends FakeControls {
  payments: Map<string, FakePlategaTransaction>;
  setStatus(id: string, providerStatus: string): void;
  /** The callback Platega would send: JSON `{id, amount, currency, status, paymentMethod, payload}`, our own headers. */
  callback(
    callbackUrl: string,
    id: string,
    overrides?: Record<string, unknown>,
    tampering?: CallbackTampering,
  ): FakeCallback;
  sendCallback(
    callbackUrl: string,
    id: string,
    overrides?: Record<string, unknown>,
    tampering?: CallbackTampering,
  ): Promise<{ status: number; body: string }>;
}

/**
 * A local Platega (PROVIDERS.md §2): `X-MerchantId`/`X-Secret` checked on every call, POST
 * /transaction/process and GET /transaction/{id}. The callback URL is set in Platega's dashboard, so
 * `sendCallback` is told where to send.
 */
export async function startFakePlatega(opts: { merchantId: string; secret: string }): Promise<FakePlatega> {
  const payments = new Map<string, FakePlategaTransaction>();

  const controls = await startFakeServer((request, baseUrl) => {
    if (request.headers['x-merchantid'] !== opts.merchantId || request.headers['x-secret'] !== opts.secret) {
      return { status: 401, json: { message: 'Unauthorized' } };
    }
    const path = new URL(request.url, 'http://fake.invalid').pathname;
    if (request.method === 'POST' && path === '/transaction/process') {
      const input = JSON.parse(request.body || '{}') as Record<string, unknown>;
      const details = (input.paymentDetails ?? {}) as Record<string, unknown>;
      if ('id' in input) return { status: 400, json: { message: 'Field id is not allowed' } };
      if (!Number.isInteger(input.paymentMethod))
        return { status: 400, json: { message: 'paymentMethod is required' } };
      if (
        typeof details.amount !== 'number' ||
        !(details.amount > 0) ||
        typeof details.currency !== 'string'
      ) {
        return { status: 400, json: { message: 'paymentDetails is invalid' } };
      }
      if (typeof input.return !== 'string' || typeof input.failedUrl !== 'string') {
        return { status: 400, json: { message: 'return and failedUrl are required' } };
      }
      const id = randomUUID();
      payments.set(id, {
        id,
        status: 'PENDING',
        amount: details.amount,
        currency: details.currency,
        paymentMethod: input.paymentMethod as number,
        description: String(input.description ?? ''),
        return: input.return,
        failedUrl: input.failedUrl,
        payload: typeof input.payload === 'string' ? input.payload : null,
      });
      return {
        status: 200,
        json: {
          paymentMethod: 'CARD',
          transactionId: id,
          redirect: `${baseUrl}/pay/${id}`,
          return: input.return,
          paymentDetails: `${details.amount} ${details.currency}`,
          status: 'PENDING',
          expiresIn: '00:15:00',
          merchantId: opts.merchantId,
          usdtRate: 95.5,
        },
      };
    }
    const match = /^\/transaction\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) {
      const transaction = payments.get(decodeURIComponent(match[1] ?? ''));
      if (!transaction) return { status: 404, json: { message: 'Transaction not found' } };
      return {
        status: 200,
        json: {
          id: transaction.id,
          status: transaction.status,
          paymentDetails: { amount: transaction.amount, currency: transaction.currency },
          merchantName: 'Fake merchant',
          mechantId: opts.merchantId,
          comission: 0,
          paymentMethod: 'CARD',
          expiresIn: '00:15:00',
          return: transaction.return,
          comissionUsdt: 0,
          amountUsdt: Number((transaction.amount / 95.5).toFixed(2)),
          qr: null,
          payformSuccessUrl: transaction.return,
          payload: transaction.payload,
          comissionType: 0,
          externalId: null,
          description: transaction.description,
        },
      };
    }
    return { status: 404, json: { message: 'not found' } };
  });

  const find = (id: string) => {
    const transaction = payments.get(id);
    if (!transaction) throw new Error(`fake Platega: no transaction ${id}`);
    return transaction;
  };

  const callback: FakePlatega['callback'] = (callbackUrl, id, overrides, tampering) => {
    const transaction = find(id);
    const body = {
      id: transaction.id,
      amount: transaction.amount,
      currency: transaction.currency,
      status: transaction.status,
      paymentMethod: transaction.paymentMethod,
      payload: transaction.payload,
      ...overrides,
    };
    return {
      url: callbackUrl,
      headers: withHeaders(
        { 'content-type': 'application/json', 'x-merchantid': opts.merchantId, 'x-secret': opts.secret },
        tampering?.headers,
      ),
      body: tampering?.rawBody ?? JSON.stringify(body),
    };
  };

  return {
    ...controls,
    payments,
    setStatus(id, providerStatus) {
      find(id).status = providerStatus;
    },
    callback,
    sendCallback: (callbackUrl, id, overrides, tampering) =>
      deliverCallback(callback(callbackUrl, id, overrides, tampering)),
  };
}
