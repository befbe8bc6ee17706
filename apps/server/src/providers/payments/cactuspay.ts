import type { PaymentState } from '@podruga/shared';
import { z } from 'zod';
import {
  callProvider,
  DEFAULT_TIMEOUT_MS,
  looseId,
  looseNumber,
  optional,
  originOf,
  parseAnswer,
  parseCallback,
  parseCallbackBody,
  trimBase,
} from './http.ts';
import {
  type CactuspayOptions,
  type CardPaymentPort,
  PaymentProviderError,
  type ProviderStatus,
} from './port.ts';

/**
 * CactusPay (PROVIDERS.md §2): `POST {base}/api/?method=…` with the token in the JSON body. Payments are
 * known by our order id (reusing one returns the existing page). Its webhook is unsigned form data: we only
 * parse it, and the service confirms with `status` (method=get) before granting anything.
 */
export function createCactuspay(options: CactuspayOptions): CardPaymentPort {
  // Given as the site (https://lk.cactuspay.pro) or as its API address (…/api/): the calls add /api/.
  const base = trimBase(options.baseUrl).replace(/\/api$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const call = async (method: 'create' | 'get', body: Record<string, unknown>) =>
    callProvider({
      method: 'POST',
      url: `${base}/api/?method=${method}`,
      timeoutMs,
      json: { token: options.token, ...body },
    });

  return {
    adapter: 'cactuspay',
    offline: false,
    describe: () => `payments: card via CactusPay at ${originOf(base)}`,

    async create(request) {
      const answer = await call('create', {
        amount: request.amountRub,
        order_id: request.orderId,
        description: request.description,
        redirect_url: request.redirectUrl,
        h2h: request.h2h,
        ...(request.h2h && request.userIp ? { user_ip: request.userIp } : {}),
        method: request.method,
      });
      const created = parseAnswer(createdSchema, unwrap(answer, 'rejected'));
      const requisite = readRequisite(created.requisite);
      const paymentUrl = created.url && /^https?:\/\//i.test(created.url) ? created.url : null;
      if (!paymentUrl && !requisite.requisite) {
        throw new PaymentProviderError('bad_response', undefined, {
          detail: 'neither a page nor requisites',
        });
      }
      return {
        providerPaymentId: request.orderId,
        paymentUrl,
        requisite: requisite.requisite,
        holder: requisite.holder,
        raw: answer,
      };
    },

    async status(orderId) {
      const answer = await call('get', { order_id: orderId });
      const payment = parseAnswer(paymentSchema, unwrap(answer, 'not_found'));
      return {
        state: cactuspayState(payment.status),
        providerStatus: payment.status,
        providerPaymentId: orderId,
        orderId: payment.order_id ?? orderId,
        amount: payment.amount,
        currency: 'RUB',
        raw: answer,
      } satisfies ProviderStatus;
    },

    verifyCallback(request) {
      // Unsigned by design of the provider: parse only; `status` is the proof.
      const body = parseCallback(callbackSchema, parseCallbackBody(request));
      return {
        providerPaymentId: body.order_id,
        orderId: body.order_id,
        claimedStatus: body.status,
        raw: body,
      };
    },
  };
}

/**
 * CactusPay's words → ours. Only ACCEPT (paid) and WAIT (waiting) are documented; any other word is kept
 * in providerStatus and counts as pending, so an unknown word never grants nor cancels anything.
 */
export function cactuspayState(status: string): PaymentState {
  return status.toUpperCase() === 'ACCEPT' ? 'paid' : 'pending';
}

/**
 * `{status:'success', response:{…}}` → the inner object; `{status:'error', response:'msg'}` → an error
 * (`create`: rejected; `get`: the order is not known). A bare object (older `get` answers) passes through.
 */
function unwrap(answer: unknown, errorKind: 'rejected' | 'not_found'): unknown {
  const envelope = z.object({ status: z.string(), response: z.unknown() }).safeParse(answer);
  if (!envelope.success) return answer;
  const word = envelope.data.status.toLowerCase();
  if (word === 'error') {
    const message = envelope.data.response;
    throw new PaymentProviderError(errorKind, undefined, {
      detail: typeof message === 'string' ? message.slice(0, 500) : JSON.stringify(message).slice(0, 500),
    });
  }
  if (word === 'success' && typeof envelope.data.response === 'object' && envelope.data.response !== null) {
    return envelope.data.response;
  }
  return answer;
}

/** `requisite` is undocumented beyond its name: a string, or an object with a card/phone and a holder. */
function readRequisite(value: unknown): { requisite: string | null; holder: string | null } {
  if (typeof value === 'string' && value.trim()) return { requisite: value.trim(), holder: null };
  if (typeof value !== 'object' || value === null) return { requisite: null, holder: null };
  const record = value as Record<string, unknown>;
  const pick = (keys: string[]) => {
    for (const key of keys) {
      const item = record[key];
      if (typeof item === 'string' && item.trim()) return item.trim();
      if (typeof item === 'number') return String(item);
    }
    return null;
  };
  return {
    requisite: pick(['requisite', 'card', 'card_number', 'number', 'phone', 'account']),
    holder: pick(['holder', 'name', 'fio', 'owner', 'recipient']),
  };
}

// ---------------------------------------------------------------- wire shapes

const createdSchema = z.object({
  url: optional(z.string()),
  request_check: optional(z.unknown()),
  requisite: optional(z.unknown()),
});

const paymentSchema = z.object({
  id: optional(looseId),
  order_id: optional(looseId),
  amount: optional(looseNumber),
  total_amount: optional(looseNumber),
  status: z.string().min(1),
});

const callbackSchema = z.object({
  id: optional(looseId),
  order_id: looseId,
  amount: optional(looseNumber),
  total_amount: optional(looseNumber),
  status: z.string().min(1),
});
