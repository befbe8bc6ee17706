import { AUTH_MESSAGES } from '@podruga/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notify } from '../../shared/ui/notify.tsx';
import { authActions } from '../auth/store.ts';

/** Sign out from the menu (001 §2): new guest session, home, "Ты успешно вышел из системы". */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    try {
      await authActions.logout();
      queryClient.clear();
      navigate('/');
      notify.success(AUTH_MESSAGES.logoutMenu);
    } catch {
      notify.error(AUTH_MESSAGES.logoutFailed);
    }
  };
}
