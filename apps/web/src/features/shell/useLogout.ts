import { AUTH_MESSAGES } from '@podruga/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notify } from '../../shared/ui/notify.tsx';
import { authActions } from '../auth/store.ts';

/**
 * Sign out (000 §4, 001 §2): new guest session, home, and the toast — from the menu "Ты успешно вышел из
 * системы", from the profile "Вы вышли из аккаунта" (000 §8).
 */
export function useLogout(successText: string = AUTH_MESSAGES.logoutMenu): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    try {
      await authActions.logout();
      queryClient.clear();
      navigate('/');
      notify.success(successText);
    } catch {
      notify.error(AUTH_MESSAGES.logoutFailed);
    }
  };
}
