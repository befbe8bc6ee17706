import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../app/guardRules.ts';
import { withoutParams } from '../../shared/searchParams.ts';
import { useAuthDialog } from '../auth/dialogStore.ts';
import { selectIsMember, useAuth } from '../auth/store.ts';
import { useNeedsLoginWarning } from '../auth/useNeedsLoginWarning.ts';
import { useLegalDialog } from '../legal/legalDialogStore.ts';

/** How long the index page waits before the needsLogin toast (001 §2). */
const NEEDS_LOGIN_DELAY_MS = 1_000;

/**
 * The index page's query parameters: showPrivacy=true (001 §2), needsLogin=cancel (001 §2) and the
 * guard's authRequired=true&redirect=… (002 §2). Each is handled once, then removed from the address.
 */
export function useHomeQueryActions(): void {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const showPrivacy = params.get('showPrivacy') === 'true';
  const authRequired = params.get('authRequired') === 'true';
  const redirect = params.get('redirect');

  useEffect(() => {
    if (!showPrivacy) return;
    useLegalDialog.getState().show('privacy');
    setParams(withoutParams('showPrivacy'), { replace: true });
  }, [showPrivacy, setParams]);

  useNeedsLoginWarning(NEEDS_LOGIN_DELAY_MS);

  useEffect(() => {
    if (!authRequired) return;
    const target = safeRedirectPath(redirect);
    if (target && selectIsMember(useAuth.getState())) {
      navigate(target, { replace: true });
      return;
    }
    useAuthDialog.getState().open('login', {
      notice: 'Чтобы открыть эту страницу, войдите в аккаунт.',
      redirectTo: target ?? undefined,
    });
    setParams(withoutParams('authRequired', 'redirect'), { replace: true });
  }, [authRequired, redirect, navigate, setParams]);
}
