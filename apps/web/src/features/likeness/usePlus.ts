import { isPlusActive } from '@podruga/shared';
import { useAuth } from '../auth/store.ts';

/** Whether the session may create by likeness; `known` is false until the session is loaded. */
export function usePlus(): { plus: boolean; known: boolean } {
  const user = useAuth((s) => s.user);
  const initialized = useAuth((s) => s.isInitialized);
  const plus = !!user && user.membership_type !== 'guest' && isPlusActive(user);
  return { plus, known: initialized || !!user };
}
