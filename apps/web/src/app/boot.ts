import { SESSION_KEYS } from '@podruga/shared';
import type { QueryClient } from '@tanstack/react-query';
import { loadAdultGate } from '../features/adult/AdultGateHost.tsx';
import { isDeviceAdultConfirmed, needsAdultGate } from '../features/adult/adultGate.ts';
import { authActions, useAuth } from '../features/auth/store.ts';
import { configQuery } from '../features/config/api.ts';
import { session } from '../shared/storage.ts';
import { useBoot } from './bootStore.ts';
import { ensureDarkModeSaved } from './theme.ts';

/** Body classes (000 §2): scroll-lock everywhere; telegram-browser inside Telegram's in-app browser. */
export function applyBodyClasses(): void {
  document.body.classList.add('scroll-lock');
  const inTelegram = navigator.userAgent.includes('Telegram') || 'Telegram' in window;
  document.body.classList.toggle('telegram-browser', inTelegram);
}

/** App start (000 §4): auth, then config, then the saved dark mode; then the loading screen goes. */
export async function bootApp(queryClient: QueryClient): Promise<void> {
  session.remove(SESSION_KEYS.routerRedirectCount);
  try {
    await authActions.initialize();
    // A first visit gets the 18+ gate the moment the loading screen goes: fetch its code meanwhile.
    const gate = needsAdultGate(isDeviceAdultConfirmed(), useAuth.getState().user?.adult_confirmed)
      ? loadAdultGate().catch(() => undefined)
      : undefined;
    await Promise.all([queryClient.prefetchQuery(configQuery), gate]);
    ensureDarkModeSaved();
  } finally {
    useBoot.setState({ ready: true });
  }
}
