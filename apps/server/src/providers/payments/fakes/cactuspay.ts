import {
  type CallbackTampering,
  deliverCallback,
  type FakeCallback,
  type FakeControls,
  type FakeReply,
  startFakeServer,
  withHeaders,
} from './fake-server.ts';

/** A payment as the fake keeps it, by our order id. */
export interface FakeCactusPayment {
  id: number;
  order_id: string;
  amount: number;
  total_amount: number;
  status: string;
  description: string;
  redirect_url: string;
  h2h: boolean;
  user_ip: string | null;
  method: string;
}

export interface FakeCactuspay extends FakeControls {
  /** Keyed by our order id, as CactusPay knows payments. */
  payments: Map<string, FakeCactusPayment>;
  setStatus(orderId: string, providerStatus: string): void;
  /** The webhook CactusPay would send: form-urlencoded `id, order_id, amount, total_amount, status`, unsigned. */
  callback(
    callbackUrl: string,
    orderId: string,
    overrides?: Record<string, unknown>,
    tampering?: CallbackTampering,
  ): FakeCallback;
  sendCallback(
    callbackUrl: string,
    orderId: string,
    overrides?: Record<string, unknown>,
    tampering?: CallbackTampering,
  ): Promise<{ status: number; body: string }>;
}

/** The fake's requisites for host-to-host payments (CactusPay's exact shape is undocumented). */
export const FAKE_CACTUS_REQUISITE = { card: '2200700012345678', holder: 'IVAN PETROV', bank: 'Т-Банк' };

/**
 * A local CactusPay (PROVIDERS.md §2): `POST /api/?method=create|get` with the token in the JSON body;
 * errors come as HTTP 200 `{status:'error', response:'…'}` like the real one. The webhook URL is set in
 * CactusPay's dashboard, so `sendCallback` is told where to send.
 */
export async function startFakeCactuspay(opts: { token: string }): Promise<FakeCactuspay> {
  const payments = new Map<string, FakeCactusPayment>();
  let nextId = 70_001;
  const error = (message: string): FakeReply => ({
    status: 200,
    json: { status: 'error', response: message },
  });

  const controls = await startFakeServer((request, baseUrl) => {
    const url = new URL(request.url, 'http://fake.invalid');
    if (request.method !== 'POST' || url.pathname !== '/api/') return { status: 404, text: 'Not Found' };
    const input = JSON.parse(request.body || '{}') as Record<string, unknown>;
    if (input.token !== opts.token) return error('Неверный токен');
    const method = url.searchParams.get('method');
    const orderId = typeof input.order_id === 'string' ? input.order_id : '';
    if (!orderId) return error('Не указан order_id');

    if (method === 'create') {
      const amount = Number(input.amount);
      if (!(amount >= 100)) return error('Минимальная сумма платежа 100 руб.');
      const h2h = input.h2h === true;
      if (h2h && typeof input.user_ip !== 'string') return error('Не указан user_ip');
      let payment = payments.get(orderId);
      if (!payment) {
        payment = {
          id: nextId++,
          order_id: orderId,
          amount,
          total_amount: amount,
          status: 'WAIT',
          description: String(input.description ?? ''),
          redirect_url: String(input.redirect_url ?? ''),
          h2h,
          user_ip: typeof input.user_ip === 'string' ? input.user_ip : null,
          method: String(input.method ?? 'card'),
        };
        payments.set(orderId, payment);
      }
      return {
        status: 200,
        json: {
          status: 'success',
          response: {
            url: `${baseUrl}/pay/${payment.id}`,
            request_check: `${baseUrl}/check/${payment.id}`,
            ...(payment.h2h ? { requisite: FAKE_CACTUS_REQUISITE } : {}),
          },
        },
      };
    }
    if (method === 'get') {
      const payment = payments.get(orderId);
      if (!payment) return error('Платёж не найден');
      const { id, order_id, amount, total_amount, status } = payment;
      return {
        status: 200,
        json: { status: 'success', response: { id, order_id, amount, total_amount, status } },
      };
    }
    return error('Неизвестный метод');
  });

  const find = (orderId: string) => {
    const payment = payments.get(orderId);
    if (!payment) throw new Error(`fake CactusPay: no payment ${orderId}`);
    return payment;
  };

  const callback: FakeCactuspay['callback'] = (callbackUrl, orderId, overrides, tampering) => {
    const payment = find(orderId);
    const fields = {
      id: payment.id,
      order_id: payment.order_id,
      amount: payment.amount,
      total_amount: payment.total_amount,
      status: payment.status,
      ...overrides,
    };
    const body = new URLSearchParams(
      Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
    return {
      url: callbackUrl,
      headers: withHeaders({ 'content-type': 'application/x-www-form-urlencoded' }, tampering?.headers),
      body: tampering?.rawBody ?? body,
    };
  };

  return {
    ...controls,
    payments,
    setStatus(orderId, providerStatus) {
      find(orderId).status = providerStatus;
    },
    callback,
    sendCallback: (callbackUrl, orderId, overrides, tampering) =>
      deliverCallback(callback(callbackUrl, orderId, overrides, tampering)),
  };
}
