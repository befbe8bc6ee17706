import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { withoutParams } from '../../shared/searchParams.ts';

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
      // The toast's code and the auth texts load only when it is shown, not with the page (DESIGN §8).
      void import('./needsLoginToast.ts').then((m) => m.showNeedsLoginToast());
      setParams(withoutParams('needsLogin'), { replace: true });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [needsLogin, delayMs, setParams]);
}
