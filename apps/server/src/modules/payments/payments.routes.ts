import {
  cactuspayCreateH2hBodySchema,
  cactuspayCreateH2hResponseSchema,
  cactuspayCreateSimpleBodySchema,
  cactuspayCreateSimpleResponseSchema,
  cryptoCreateFixedBodySchema,
  cryptoCurrenciesResponseSchema,
  cryptoEstimateBodySchema,
  cryptoEstimateResponseSchema,
  cryptoMinAmountBodySchema,
  cryptoMinAmountResponseSchema,
  cryptoPaymentSchema,
  cryptoStatusBodySchema,
  cryptoStatusResponseSchema,
  cryptoSubscribeBodySchema,
  ORDER_ID_PATTERN,
  type PaymentMethod,
  paidStatusResponseSchema,
  paymentCreateBodySchema,
  paymentCreateResponseSchema,
  paymentRecentResponseSchema,
  paymentStatusBodySchema,
  paymentStatusResponseSchema,
  plategaCreateBodySchema,
  plategaCreateResponseSchema,
  sandboxPayBodySchema,
  sandboxPayResponseSchema,
  successMessageSchema,
  twinpayCreateBodySchema,
  twinpayCreateResponseSchema,
} from '@podruga/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRow } from '../../db/schema/index.ts';
import type { LinkContext } from '../../link-context.ts';
import { userOf } from '../../plugins/auth.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import type { CallbackRequest } from '../../providers/payments/port.ts';
import { renderSandboxMissing, renderSandboxPage } from './payments.sandbox-page.ts';
import type { PaymentsService } from './payments.service.ts';

interface PaymentsRoutesOptions {
  service: PaymentsService;
  linkContext: (request: { host: string; protocol: string }) => LinkContext;
  /** Gives the device's affiliate touch (its headers) to the account without one (issue 16). */
  touch?: (user: UserRow, request: FastifyRequest) => Promise<void>;
}

const idParam = z.object({ id: z.string().trim().min(1, 'Платеж не найден').max(200, 'Платеж не найден') });
const invoiceParam = z.object({
  invoice_id: z.string().trim().min(1, 'Платеж не найден').max(200, 'Платеж не найден'),
});
const orderParam = z.object({
  order_id: z.string().regex(ORDER_ID_PATTERN, 'Платеж не найден'),
});

/** The callback routes read the body as it came (signatures are over the bytes): a parser of their own. */
async function rawBodies(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
}

function callbackRequest(request: FastifyRequest): CallbackRequest {
  return {
    rawBody: typeof request.body === 'string' ? request.body : '',
    headers: request.headers,
    contentType: request.headers['content-type'],
    // TwinPay's proof is a token in the callback URL we gave it.
    url: request.url,
  };
}

/**
 * The payment calls of 002 §7 under /api/payment. Every buying and status route takes any session, a
 * guest's included (the guest purchase flow buys on an anonymous account); the provider callbacks are
 * public and proven by their signature or headers, then confirmed by our own status call.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  { service, linkContext, touch },
) => {
  const buying = { access: 'guest' as const, rateLimit: RATE_LIMITS.paymentCreate, affiliateTouch: true };
  const checking = { access: 'guest' as const, rateLimit: RATE_LIMITS.paymentStatus };
  const ctx = (request: FastifyRequest) => linkContext(request);
  // Every payment carries the device's affiliate touch (issue 16): given to the account before the order.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.affiliateTouch && request.user) await touch?.(request.user, request);
  });

  app.post(
    '/cancel-subscription',
    { config: { access: 'registered' }, schema: { response: { 200: successMessageSchema } } },
    async (request) => service.cancelSubscription(userOf(request)),
  );

  app.post(
    '/create',
    {
      config: buying,
      schema: { body: paymentCreateBodySchema, response: { 200: paymentCreateResponseSchema } },
    },
    async (request) => service.createDefault(userOf(request), request.body.plan_type, ctx(request)),
  );
  app.post(
    '/status',
    {
      config: checking,
      schema: { body: paymentStatusBodySchema, response: { 200: paymentStatusResponseSchema } },
    },
    async (request) => service.status(userOf(request), request.body.payment_id),
  );
  app.get(
    '/recent',
    { config: checking, schema: { response: { 200: paymentRecentResponseSchema } } },
    async (request) => service.recent(userOf(request)),
  );

  app.post(
    '/crypto/subscribe',
    { config: buying, schema: { body: cryptoSubscribeBodySchema, response: { 200: cryptoPaymentSchema } } },
    async (request) => service.createCrypto(userOf(request), request.body, ctx(request)),
  );
  app.post(
    '/crypto/create-fixed',
    { config: buying, schema: { body: cryptoCreateFixedBodySchema, response: { 200: cryptoPaymentSchema } } },
    async (request) => service.createCrypto(userOf(request), request.body, ctx(request)),
  );
  app.post(
    '/crypto/status',
    {
      config: checking,
      schema: { body: cryptoStatusBodySchema, response: { 200: cryptoStatusResponseSchema } },
    },
    async (request) => service.cryptoStatus(userOf(request), request.body.payment_id),
  );
  app.get(
    '/crypto/currencies',
    { config: checking, schema: { response: { 200: cryptoCurrenciesResponseSchema } } },
    async () => service.currencies(),
  );
  app.post(
    '/crypto/min-amount',
    {
      config: checking,
      schema: { body: cryptoMinAmountBodySchema, response: { 200: cryptoMinAmountResponseSchema } },
    },
    async (request) => service.minAmount(request.body.currency_from, request.body.currency_to),
  );
  app.post(
    '/crypto/estimate',
    {
      config: checking,
      schema: { body: cryptoEstimateBodySchema, response: { 200: cryptoEstimateResponseSchema } },
    },
    async (request) =>
      service.estimate(request.body.amount, request.body.currency_from, request.body.currency_to),
  );

  app.post(
    '/twinpay/create',
    {
      config: buying,
      schema: { body: twinpayCreateBodySchema, response: { 200: twinpayCreateResponseSchema } },
    },
    async (request) =>
      service.createTransfer(
        userOf(request),
        request.body.plan_type,
        request.body.payment_method,
        ctx(request),
      ),
  );
  app.get(
    '/twinpay/status/:invoice_id',
    { config: checking, schema: { params: invoiceParam, response: { 200: paidStatusResponseSchema } } },
    async (request) => service.paidStatus(userOf(request), request.params.invoice_id),
  );

  app.post(
    '/platega/create',
    {
      config: buying,
      schema: { body: plategaCreateBodySchema, response: { 200: plategaCreateResponseSchema } },
    },
    async (request) => service.createRedirect(userOf(request), request.body.plan_type, ctx(request)),
  );
  app.get(
    '/platega/status/:id',
    { config: checking, schema: { params: idParam, response: { 200: paidStatusResponseSchema } } },
    async (request) => service.paidStatus(userOf(request), request.params.id),
  );

  app.post(
    '/cactuspay/create-simple',
    {
      config: buying,
      schema: {
        body: cactuspayCreateSimpleBodySchema,
        response: { 200: cactuspayCreateSimpleResponseSchema },
      },
    },
    async (request) => {
      const made = await service.createCard(userOf(request), request.body.plan_type, ctx(request), {
        h2h: false,
        method: 'card',
      });
      return {
        success: true,
        payment_url: made.created.paymentUrl ?? '',
        order_id: made.row.orderId,
        sandbox: made.row.sandbox,
      };
    },
  );
  app.post(
    '/cactuspay/create-h2h',
    {
      config: buying,
      schema: { body: cactuspayCreateH2hBodySchema, response: { 200: cactuspayCreateH2hResponseSchema } },
    },
    async (request) => {
      const made = await service.createCard(userOf(request), request.body.plan_type, ctx(request), {
        h2h: true,
        method: request.body.method,
        userIp: request.ip,
      });
      return {
        success: true,
        order_id: made.row.orderId,
        payment_url: made.created.paymentUrl,
        requisite: made.created.requisite,
        holder: made.created.holder,
        amount: made.amount,
        sandbox: made.row.sandbox,
      };
    },
  );
  app.get(
    '/cactuspay/status/:id',
    { config: checking, schema: { params: idParam, response: { 200: paidStatusResponseSchema } } },
    async (request) => service.paidStatus(userOf(request), request.params.id),
  );

  // Callbacks: the raw body, public, proven by the adapter; then confirmed by a status call.
  await app.register(async (callbacks) => {
    await rawBodies(callbacks);
    const callbackRoute = (path: string, method: PaymentMethod | 'sandbox') =>
      callbacks.post(
        path,
        { config: { access: 'public', rateLimit: RATE_LIMITS.paymentCallback } },
        async (request) => service.callback(method, callbackRequest(request)),
      );
    callbackRoute('/crypto/ipn', 'crypto');
    callbackRoute('/platega/callback', 'platega');
    callbackRoute('/twinpay/callback', 'twinpay');
    callbackRoute('/cactuspay/callback', 'cactuspay');
    if (service.sandbox) callbackRoute('/sandbox/callback', 'sandbox');
  });

  // The sandbox's pay button (only while the sandbox is on, so never in production). It needs no
  // session: the payment page opens in a new tab that has no token. The unguessable order id (24
  // random characters) is the only key, which is acceptable for test payments that move no money and
  // exist only outside production.
  if (service.sandbox) {
    app.post(
      '/sandbox/:order_id/pay',
      {
        config: { access: 'public', rateLimit: RATE_LIMITS.paymentCallback },
        schema: {
          params: orderParam,
          body: sandboxPayBodySchema,
          response: { 200: sandboxPayResponseSchema },
        },
      },
      async (request, reply) => {
        const row = await service.sandboxPay(request.params.order_id, request.body.outcome);
        // The page's form: back to the app (paid → the return page, else the product page's failure).
        if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
          const failed = row.product === 'vip' ? '/vip?payment=failed' : '/plus?payment=failed';
          return reply.redirect(
            row.state === 'paid' ? `/payment-return?order_id=${encodeURIComponent(row.orderId)}` : failed,
            303,
          );
        }
        return { success: row.state === 'paid', status: row.state };
      },
    );
  }
};

/** GET /sandbox/pay/{order_id}: the sandbox's payment page, server-rendered (no SPA; DESIGN §6). */
export const sandboxPageRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (
  app,
  { service },
) => {
  if (!service.sandbox) return;
  app.get(
    '/sandbox/pay/:order_id',
    // A browser opens this address: an unknown or malformed order gets the page's own 404, not JSON.
    { config: { access: 'public' }, schema: { params: z.object({ order_id: z.string().max(2000) }) } },
    async (request, reply) => {
      const { order_id } = request.params;
      const row = ORDER_ID_PATTERN.test(order_id) ? await service.findSandboxOrder(order_id) : null;
      return reply
        .code(row ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(row ? renderSandboxPage(row) : renderSandboxMissing());
    },
  );
};
