import type { PaywallContext } from '@podruga/shared';
import { create } from 'zustand';
import type { PaywallRequest } from './decide.ts';

interface PaywallState {
  opened: boolean;
  everOpened: boolean;
  context: PaywallContext;
  currentCount: number | null;
  open: (request?: PaywallRequest) => void;
  close: () => void;
}

/** The paywall dialog (001 §4 "Paywall"): any page opens it with a context. */
export const usePaywall = create<PaywallState>((set) => ({
  opened: false,
  everOpened: false,
  context: 'general',
  currentCount: null,
  open: (request) =>
    set({
      opened: true,
      everOpened: true,
      context: request?.context ?? 'general',
      currentCount: request?.currentCount ?? null,
    }),
  close: () => set({ opened: false }),
}));
