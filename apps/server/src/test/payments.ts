import type { Access, PlanType } from '@podruga/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client.ts';
import { payments, subscriptions, users } from '../db/schema/index.ts';
import type { FakeCallback } from '../providers/payments/fakes/fake-server.ts';
import { type CallbackRequest, PaymentProviderError } from '../providers/payments/port.ts';
import { bearer } from './http.ts';

export const DAY = 24 * 60 * 60 * 1000;

/** A sandbox redirect order (Platega's shape); returns its order id. */
export async function order(
  app: FastifyInstance,
  token: string,
  planType: PlanType = 'monthly',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payment/platega/create',
    headers: bearer(token),
    payload: { plan_type: planType },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ order_id: string }>().order_id;
}

/** The sandbox page's button, as JSON. */
export async function sandboxPay(app: FastifyInstance, orderId: string, outcome: 'paid' | 'failed' = 'paid') {
  const res = await app.inject({
    method: 'POST',
    url: `/api/payment/sandbox/${orderId}/pay`,
    payload: { outcome },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ success: boolean; status: string }>();
}

export async function paymentStatus(app: FastifyInstance, token: string, paymentId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payment/status',
    headers: bearer(token),
    payload: { payment_id: paymentId },
  });
  return res;
}

export async function accessOf(app: FastifyInstance, token: string): Promise<Access> {
  const res = await app.inject({ url: '/api/payment/recent', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access: Access }>().access;
}

export async function expiries(database: Database, userId: string) {
  const [row] = await database.db
    .select({ type: users.membershipType, plus: users.membershipExpiry, vip: users.vipExpiry })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function grantsOf(database: Database, userId: string) {
  return database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
}

export async function paymentRow(database: Database, orderId: string) {
  const [row] = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

/** A fake provider's callback as the callback routes hand it to an adapter (lower-case headers; the URL's path and query when asked). */
export function asCallbackRequest(callback: FakeCallback, { withUrl = false } = {}): CallbackRequest {
  const headers = Object.fromEntries(Object.entries(callback.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const url = new URL(callback.url);
  return {
    rawBody: callback.body,
    headers,
    contentType: headers['content-type'],
    ...(withUrl ? { url: `${url.pathname}${url.search}` } : {}),
  };
}

/** The PaymentProviderError a provider call was refused with. */
export async function providerRejection(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}
