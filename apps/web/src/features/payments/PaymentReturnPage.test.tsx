import { type Access, PAYMENT_MESSAGES, type PaymentStatusResponse } from '@podruga/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../test/api.ts';
import { act, render, screen } from '../../test/render.tsx';
import { authActions } from '../auth/store.ts';
import { paymentsApi } from './api.ts';
import { PaymentReturnPage, RETURN_POLL_MS, RETURN_WAIT_MS } from './PaymentReturnPage.tsx';

vi.mock('./api.ts', () => ({
  paymentsApi: { status: vi.fn(), recent: vi.fn(), plategaStatus: vi.fn() },
}));

const api = vi.mocked(paymentsApi);
const ORDER = 'order_abcdefgh12345678';
const NO_ACCESS: Access = { plus_active: false, vip_active: false, plus_expiry: null, vip_expiry: null };
const PLUS: Access = { ...NO_ACCESS, plus_active: true, plus_expiry: '2099-01-01T00:00:00Z' };

function status(state: PaymentStatusResponse['status'], access = NO_ACCESS): PaymentStatusResponse {
  const p2p = state === 'paid' ? 'completed' : state === 'pending' ? 'pending' : 'failed';
  return { payment_id: ORDER, status: state, paid: state === 'paid', p2p_status: p2p, access };
}

/** Lets the page's pending requests and timers run up to `ms` from now. */
const pass = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

let refresh: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  for (const fn of Object.values(api)) fn.mockReset();
  refresh = vi.spyOn(authActions, 'refreshUser').mockResolvedValue();
});
afterEach(() => vi.useRealTimers());

function expectSuccess() {
  expect(screen.getByRole('heading', { name: PAYMENT_MESSAGES.successTitle })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'В профиль' }).getAttribute('href')).toBe('/profile');
  expect(screen.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
}

function expectFailure() {
  expect(screen.getByRole('heading', { name: PAYMENT_MESSAGES.returnError })).toBeTruthy();
  expect(screen.getByText(PAYMENT_MESSAGES.returnNotConfirmed)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'К тарифам' }).getAttribute('href')).toBe('/plus');
  expect(screen.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
}

describe('the payment-return page: only the server’s verdict', () => {
  it('checks first, then a paid order with access on: success, and the user refreshed', async () => {
    api.status.mockResolvedValue(status('paid', PLUS));
    render(<PaymentReturnPage />, { route: `/payment-return?orderId=${ORDER}&status=success` });
    expect(screen.getByRole('heading', { name: PAYMENT_MESSAGES.returnChecking })).toBeTruthy();
    await pass();
    expectSuccess();
    expect(api.status).toHaveBeenCalledWith(ORDER);
    expect(refresh).toHaveBeenCalled();
  });

  it('the address saying "success" about an unpaid order changes nothing', async () => {
    api.status.mockResolvedValue(status('failed'));
    render(<PaymentReturnPage />, { route: `/payment-return?order_id=${ORDER}&status=success` });
    await pass();
    expectFailure();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a transaction id is asked of the redirect provider', async () => {
    api.plategaStatus.mockResolvedValue({ is_paid: true, status: 'paid', order_id: ORDER, access: PLUS });
    render(<PaymentReturnPage />, { route: '/payment-return?transaction_id=tx-42' });
    await pass();
    expectSuccess();
    expect(api.plategaStatus).toHaveBeenCalledWith('tx-42');
  });

  it('no id: the recent orders decide', async () => {
    api.recent.mockResolvedValue({ success: true, payments: [], access: PLUS });
    render(<PaymentReturnPage />, { route: '/plus/success' });
    await pass();
    expectSuccess();
  });

  it('a pending order is asked again every 5 s until it is paid', async () => {
    api.status.mockResolvedValue(status('pending'));
    render(<PaymentReturnPage />, { route: `/payment-return?orderId=${ORDER}` });
    await pass();
    await pass(RETURN_POLL_MS);
    expect(api.status).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: PAYMENT_MESSAGES.returnChecking })).toBeTruthy();
    api.status.mockResolvedValue(status('paid', PLUS));
    await pass(RETURN_POLL_MS);
    expectSuccess();
  });

  it('…and gives the failure verdict after 2 minutes of pending', async () => {
    api.status.mockResolvedValue(status('pending'));
    render(<PaymentReturnPage />, { route: `/payment-return?orderId=${ORDER}` });
    await pass(RETURN_WAIT_MS - RETURN_POLL_MS);
    expect(screen.getByRole('heading', { name: PAYMENT_MESSAGES.returnChecking })).toBeTruthy();
    await pass(RETURN_POLL_MS);
    expectFailure();
    const calls = api.status.mock.calls.length;
    await pass(RETURN_WAIT_MS);
    expect(api.status).toHaveBeenCalledTimes(calls);
  });

  it('the payer gave up (status=failed): no waiting on a pending order', async () => {
    api.status.mockResolvedValue(status('pending'));
    render(<PaymentReturnPage />, { route: `/payment-return?orderId=${ORDER}&status=failed` });
    await pass();
    expectFailure();
    expect(api.status).toHaveBeenCalledTimes(1);
  });

  it('an order that is not hers: the failure', async () => {
    api.status.mockRejectedValue(apiError(404, { detail: PAYMENT_MESSAGES.unknownOrder }));
    render(<PaymentReturnPage />, { route: '/payment-return?orderId=order_notmine12345' });
    await pass();
    expectFailure();
  });
});
