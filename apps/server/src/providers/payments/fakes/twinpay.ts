import {
  type CallbackTampering,
  deliverCallback,
  type FakeCallback,
  type FakeControls,
  type FakeReply,
  readFields,
  startFakeServer,
  withHeaders,
} from './fake-server.ts';

/** An invoice as the fake keeps it. */
export interface FakeTwinpayInvoice {
  invoice_id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  method: string;
  status: string;
  successUrl: string;
  cancelUrl: string;
  /** Exactly as given to initiate-payment (with the adapter's order id and token). */
  callbackUrl: string;
  card_number: string | null;
  phone: string | null;
  bank: string | null;
  holder: string;
  expires_at: string;
}

export interface FakeTwinpay extends FakeControls {
  payments: Map<string, FakeTwinpayInvoice>;
  setStatus(invoiceId: string, providerStatus: string): void;
  /**
   * The callback TwinPay would send — OUR GUESS (its format is undocumented): JSON
   * `{invoice_id, order_id, status, amount, currency}` POSTed to the callbackUrl given at initiate-payment
   * (`callbackUrl` undefined) or to another URL with the same query.
   */
  callback(
    callbackUrl: string | undefined,
    invoiceId: string,
    overrides?: Record<string, unknown>,
    tampering?: CallbackTampering,
  ): FakeCallback;
  sendCallback(
    callbackUrl: string | undefined,
    invoiceId: string,
    overrides?: Record<string, unknown>,
    tampering?: CallbackTampering,
  ): Promise<{ status: number; body: string }>;
}

export const FAKE_TWINPAY_REQUISITES = {
  card: '2200150098765432',
  phone: '+79001234567',
  bank: 'Альфа-Банк',
  holder: 'Анна С.',
};

/**
 * A local TwinPay. Verified: POST /api/v2/initiate-payment with form-data client_id, client_secret, amount,
 * currency, successUrl, cancelUrl, callbackUrl. The rest is the same guess as twinpay-wire.ts (answers
 * `{success, data:{…}}`, POST /api/v2/payment-status, JSON callbacks), so this fake proves the adapter
 * consistent, not right: correct both when TwinPay's real format is known.
 */
export async function startFakeTwinpay(opts: {
  clientId: string;
  clientSecret: string;
}): Promise<FakeTwinpay> {
  const payments = new Map<string, FakeTwinpayInvoice>();
  let nextId = 310_000;
  const failure = (status: number, message: string): FakeReply => ({
    status,
    json: { success: false, message },
  });

  const controls = await startFakeServer(async (request) => {
    const path = new URL(request.url, 'http://fake.invalid').pathname;
    if (request.method !== 'POST') return failure(405, 'Method not allowed');
    const fields = await readFields(request);
    if (fields.client_id !== opts.clientId || fields.client_secret !== opts.clientSecret) {
      return failure(401, 'Invalid client credentials');
    }
    if (path === '/api/v2/initiate-payment') {
      const amount = Number(fields.amount);
      for (const key of ['currency', 'successUrl', 'cancelUrl', 'callbackUrl']) {
        if (typeof fields[key] !== 'string' || !fields[key]) return failure(422, `${key} is required`);
      }
      if (!(amount > 0)) return failure(422, 'amount is invalid');
      const method = String(fields.method ?? 'TO_CARD');
      const invoiceId = `inv_${nextId++}`;
      const invoice: FakeTwinpayInvoice = {
        invoice_id: invoiceId,
        order_id: typeof fields.order_id === 'string' ? fields.order_id : null,
        amount,
        currency: String(fields.currency),
        method,
        status: 'pending',
        successUrl: String(fields.successUrl),
        cancelUrl: String(fields.cancelUrl),
        callbackUrl: String(fields.callbackUrl),
        card_number: method === 'TO_CARD' ? FAKE_TWINPAY_REQUISITES.card : null,
        phone: method === 'TO_CARD' ? null : FAKE_TWINPAY_REQUISITES.phone,
        bank: method === 'SBP_ALFA' ? FAKE_TWINPAY_REQUISITES.bank : method === 'SBP' ? 'Сбербанк' : null,
        holder: FAKE_TWINPAY_REQUISITES.holder,
        expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
      };
      payments.set(invoiceId, invoice);
      const {
        invoice_id,
        amount: sum,
        currency,
        status,
        card_number,
        phone,
        bank,
        holder,
        expires_at,
      } = invoice;
      return {
        status: 200,
        json: {
          success: true,
          data: {
            invoice_id,
            amount: sum,
            currency,
            status,
            requisites: { card_number, phone, bank, holder },
            expires_at,
          },
        },
      };
    }
    if (path === '/api/v2/payment-status') {
      const invoice = payments.get(String(fields.invoice_id ?? ''));
      if (!invoice) return failure(404, 'Invoice not found');
      const { invoice_id, order_id, status, amount, currency } = invoice;
      return {
        status: 200,
        json: { success: true, data: { invoice_id, order_id, status, amount, currency } },
      };
    }
    return failure(404, 'Not found');
  });

  const find = (invoiceId: string) => {
    const invoice = payments.get(invoiceId);
    if (!invoice) throw new Error(`fake TwinPay: no invoice ${invoiceId}`);
    return invoice;
  };

  const callback: FakeTwinpay['callback'] = (callbackUrl, invoiceId, overrides, tampering) => {
    const invoice = find(invoiceId);
    let url = invoice.callbackUrl;
    if (callbackUrl !== undefined) {
      // Another address (a test's app), the query TwinPay was given kept.
      const target = new URL(callbackUrl);
      const given = new URL(invoice.callbackUrl);
      for (const [key, value] of given.searchParams) {
        if (!target.searchParams.has(key)) target.searchParams.set(key, value);
      }
      url = target.toString();
    }
    const body = {
      invoice_id: invoice.invoice_id,
      order_id: invoice.order_id,
      status: invoice.status,
      amount: invoice.amount,
      currency: invoice.currency,
      ...overrides,
    };
    return {
      url,
      headers: withHeaders({ 'content-type': 'application/json' }, tampering?.headers),
      body: tampering?.rawBody ?? JSON.stringify(body),
    };
  };

  return {
    ...controls,
    payments,
    setStatus(invoiceId, providerStatus) {
      find(invoiceId).status = providerStatus;
    },
    callback,
    sendCallback: (callbackUrl, invoiceId, overrides, tampering) =>
      deliverCallback(callback(callbackUrl, invoiceId, overrides, tampering)),
  };
}
