import { AUTH_MESSAGES } from '@podruga/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { withoutParams } from '../../shared/searchParams.ts';
import { notify } from '../../shared/ui/notify.tsx';
import { useAuthDialog } from './dialogStore.ts';

/**
 * needsLogin=cancel (000 §2, 001 §2): a warning with a sign-in action, then the parameter is dropped. The
 * index page waits `delayMs` first (001 §2: one second); the chat warns at once.
 */
export function useNeedsLoginWarning(delayMs = 0): void {
  const [params, setParams] = useSearchParams();
  const needsLogin = params.get('needsLogin') === 'cancel';
  useEffect(() => {
    if (!needsLogin) return;
    const timer = setTimeout(() => {
      notify.withAction('yellow', AUTH_MESSAGES.needsLogin, 'Войти', () =>
        useAuthDialog.getState().open('login'),
      );
      setParams(withoutParams('needsLogin'), { replace: true });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [needsLogin, delayMs, setParams]);
}
