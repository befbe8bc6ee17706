import {
  type Access,
  lastPaymentKeys,
  PAYMENT_MESSAGES,
  PAYMENT_TIMERS,
  type PaymentStatusResponse,
} from '@podruga/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../shared/ui/notify.tsx';
import { apiError } from '../../test/api.ts';
import { paymentsApi } from './api.ts';
import { usePaymentWatch } from './usePaymentWatch.ts';

vi.mock('./api.ts', () => ({ paymentsApi: { status: vi.fn(), recent: vi.fn() } }));

const api = vi.mocked(paymentsApi);
const ORDER = 'order_abcdefgh12345678';
const NO_ACCESS: Access = { plus_active: false, vip_active: false, plus_expiry: null, vip_expiry: null };
const PLUS: Access = { ...NO_ACCESS, plus_active: true, plus_expiry: '2099-01-01T00:00:00Z' };

function status(p2p: PaymentStatusResponse['p2p_status'], state = p2p === 'completed' ? 'paid' : p2p) {
  return {
    payment_id: ORDER,
    status: state,
    paid: p2p === 'completed',
    p2p_status: p2p,
    access: NO_ACCESS,
  } as PaymentStatusResponse;
}

function setup() {
  const onSuccess = vi.fn();
  const onRetry = vi.fn();
  const hook = renderHook(() => usePaymentWatch({ product: 'plus', onSuccess, onRetry }));
  return { ...hook, onSuccess, onRetry };
}

let warning: ReturnType<typeof vi.spyOn>;
let withAction: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  api.status.mockReset();
  api.recent.mockReset();
  api.recent.mockResolvedValue({ success: false, payments: [], access: NO_ACCESS });
  warning = vi.spyOn(notify, 'warning').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  withAction = vi.spyOn(notify, 'withAction').mockImplementation(() => {});
});
afterEach(() => vi.useRealTimers());

describe('the card / P2P status handling (002 §4)', () => {
  it('paid but not active: processing, asked again every 10 s until access is on', async () => {
    const { result, onSuccess } = setup();
    api.status.mockResolvedValue(status('completed'));
    await act(() => result.current.resume(ORDER, false));
    expect(result.current.state).toMatchObject({
      phase: 'processing',
      message: PAYMENT_MESSAGES.paidNotActive,
    });
    expect(api.status).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_TIMERS.p2pActivatingPollMs - 1));
    expect(api.status).toHaveBeenCalledTimes(1);
    api.recent.mockResolvedValue({ success: true, payments: [], access: PLUS });
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.status).toHaveBeenCalledTimes(2);
    expect(result.current.state.phase).toBe('success');
    expect(onSuccess).toHaveBeenCalledWith(ORDER);
  });

  it('pending: processing, asked again every 15 s', async () => {
    const { result } = setup();
    api.status.mockResolvedValue(status('pending'));
    await act(() => result.current.resume(ORDER, true));
    expect(result.current.state).toMatchObject({ phase: 'processing', message: PAYMENT_MESSAGES.processing });
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_TIMERS.p2pPendingPollMs));
    expect(api.status).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_TIMERS.p2pPendingPollMs));
    expect(api.status).toHaveBeenCalledTimes(3);
  });

  it('failed: the error with "try again", polling stopped, the stored payment dropped', async () => {
    const { result, onRetry } = setup();
    localStorage.setItem(lastPaymentKeys('plus').id, ORDER);
    api.status.mockResolvedValue(status('failed', 'failed'));
    await act(() => result.current.resume(ORDER, true));
    expect(result.current.state.phase).toBe('error');
    const text = PAYMENT_MESSAGES.p2pNotCompleted('failed');
    expect(withAction).toHaveBeenCalledWith(
      'red',
      text,
      PAYMENT_MESSAGES.tryAgain,
      expect.any(Function),
      8_000,
    );
    const retry = withAction.mock.calls[0]?.[3] as (() => void) | undefined;
    retry?.();
    expect(onRetry).toHaveBeenCalled();
    expect(localStorage.getItem(lastPaymentKeys('plus').id)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(api.status).toHaveBeenCalledTimes(1);
  });

  it('a vanished order: dropped quietly on an automatic check, "expired" when asked', async () => {
    const { result } = setup();
    api.status.mockRejectedValue(apiError(404, { detail: PAYMENT_MESSAGES.unknownOrder }));
    await act(() => result.current.resume(ORDER, true));
    expect(result.current.state.phase).toBe('idle');
    expect(warning).not.toHaveBeenCalled();
    await act(() => result.current.resume(ORDER, false));
    expect(warning).toHaveBeenCalledWith(PAYMENT_MESSAGES.previousExpired);
  });

  it('waiting: quiet checks keep it waiting; cancelling stops them', async () => {
    const { result } = setup();
    api.status.mockResolvedValue(status('pending'));
    act(() => result.current.watch(ORDER));
    expect(result.current.state.phase).toBe('waiting');
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_TIMERS.p2pPendingPollMs));
    expect(api.status).toHaveBeenCalledTimes(1);
    expect(result.current.state.phase).toBe('waiting');
    act(() => result.current.cancel());
    expect(result.current.state.phase).toBe('idle');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(api.status).toHaveBeenCalledTimes(1);
  });
});
