import { type Access, PAYMENT_MESSAGES, PAYMENT_TIMERS, type Product } from '@podruga/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../shared/api/index.ts';
import { notify } from '../../shared/ui/notify.tsx';
import { paymentsApi } from './api.ts';
import { lastPayment } from './lastPayment.ts';

/** 002 §3 "Card payment or P2P states", plus idle before any payment. */
export type WatchPhase = 'idle' | 'waiting' | 'processing' | 'success' | 'error';

export interface WatchState {
  phase: WatchPhase;
  orderId: string | null;
  message: string | null;
}

const IDLE: WatchState = { phase: 'idle', orderId: null, message: null };

export function accessActive(product: Product, access: Access): boolean {
  return product === 'vip' ? access.vip_active : access.plus_active;
}

/** A 404 or the server's "not found / expired" words: the order is gone (002 §4). */
function isGone(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 404 || /not found|expired|не найден|истек/i.test(error.detail);
}

interface Options {
  product: Product;
  /** Access is on: the page shows its success dialog. */
  onSuccess(orderId: string): void;
  /** 'Попробовать снова' of a failed payment. */
  onRetry(): void;
}

/**
 * The card / P2P status handling of 002 §4 for an order paid in another tab: `waiting` while the user
 * pays (checked quietly every 15 s), `processing` once the server has it (10 s while paid but not yet
 * active, 15 s while pending), then `success` or `error`. Only the server's answer moves it.
 */
export function usePaymentWatch({ product, onSuccess, onRetry }: Options) {
  const [state, setState] = useState<WatchState>(IDLE);
  const stateRef = useRef<WatchState>(IDLE);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const handlers = useRef({ onSuccess, onRetry });
  handlers.current = { onSuccess, onRetry };

  const set = useCallback((next: WatchState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const stopTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => stopTimer, [stopTimer]);

  const check = useCallback(
    async (orderId: string, automatic: boolean): Promise<void> => {
      stopTimer();
      const again = (ms: number) => {
        timer.current = setTimeout(() => void check(orderId, true), ms);
      };
      try {
        const status = await paymentsApi.status(orderId);
        if (stateRef.current.orderId !== orderId) return;
        if (status.paid || status.p2p_status === 'completed') {
          const recent = await paymentsApi.recent().catch(() => null);
          if (accessActive(product, recent?.access ?? status.access)) {
            lastPayment.clear(product);
            set({ phase: 'success', orderId, message: null });
            handlers.current.onSuccess(orderId);
            return;
          }
          set({ phase: 'processing', orderId, message: PAYMENT_MESSAGES.paidNotActive });
          again(PAYMENT_TIMERS.p2pActivatingPollMs);
          return;
        }
        if (status.p2p_status === 'pending') {
          // Still paying in the other tab: a quiet check leaves the waiting state as it is.
          if (!(automatic && stateRef.current.phase === 'waiting'))
            set({ phase: 'processing', orderId, message: PAYMENT_MESSAGES.processing });
          else set({ ...stateRef.current, orderId });
          again(PAYMENT_TIMERS.p2pPendingPollMs);
          return;
        }
        lastPayment.clear(product);
        const text = PAYMENT_MESSAGES.p2pNotCompleted(status.status);
        set({ phase: 'error', orderId, message: text });
        notify.withAction('red', text, PAYMENT_MESSAGES.tryAgain, () => handlers.current.onRetry(), 8_000);
      } catch (error) {
        if (isGone(error)) {
          lastPayment.clear(product);
          set(IDLE);
          if (!automatic) notify.warning(PAYMENT_MESSAGES.previousExpired);
          return;
        }
        if (!automatic) notify.error(PAYMENT_MESSAGES.statusFailed);
        // A passing failure (network, 5xx) while watching: ask again at the next turn.
        if (stateRef.current.phase === 'waiting' || stateRef.current.phase === 'processing')
          again(PAYMENT_TIMERS.p2pPendingPollMs);
      }
    },
    [product, set, stopTimer],
  );

  /** A card payment was opened in another tab: remember it and wait for it. */
  const watch = useCallback(
    (orderId: string) => {
      lastPayment.save(product, orderId);
      set({ phase: 'waiting', orderId, message: PAYMENT_MESSAGES.createdWaiting });
      stopTimer();
      timer.current = setTimeout(() => void check(orderId, true), PAYMENT_TIMERS.p2pPendingPollMs);
    },
    [check, product, set, stopTimer],
  );

  /** A stored or returned order: its status in processing until the server says otherwise. */
  const resume = useCallback(
    (orderId: string, automatic: boolean) => {
      set({ phase: 'processing', orderId, message: PAYMENT_MESSAGES.processing });
      return check(orderId, automatic);
    },
    [check, set],
  );

  /** 002 §5: a payment in processing cannot be cancelled; a waiting one can. */
  const cancel = useCallback(() => {
    if (stateRef.current.phase === 'processing') {
      notify.warning(PAYMENT_MESSAGES.cannotCancelProcessing);
      return;
    }
    stopTimer();
    lastPayment.clear(product);
    set(IDLE);
  }, [product, set, stopTimer]);

  const reset = useCallback(() => {
    stopTimer();
    set(IDLE);
  }, [set, stopTimer]);

  return { state, watch, resume, check, cancel, reset };
}
