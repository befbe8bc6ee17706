import { AUTH_MESSAGES } from '@podruga/shared';
import { notify } from '../../shared/ui/notify.tsx';
import { useAuthDialog } from './dialogStore.ts';

/** The needsLogin=cancel warning with its sign-in action (useNeedsLoginWarning). */
export function showNeedsLoginToast(): void {
  notify.withAction('yellow', AUTH_MESSAGES.needsLogin, 'Войти', () =>
    useAuthDialog.getState().open('login'),
  );
}
