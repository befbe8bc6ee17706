import { isPlusActive } from '@podruga/shared';
import { authActions, useAuth } from '../auth/store.ts';
import { type CompanionTier, companionPaywall } from '../paywall/decide.ts';
import { usePaywall } from '../paywall/paywallStore.ts';
import { creationApi } from './api.ts';

function companionTier(): CompanionTier {
  const user = useAuth.getState().user;
  if (!user || user.membership_type === 'guest') return 'guest';
  return isPlusActive(user) ? 'plus' : 'free';
}

/**
 * Before a new companion (001 §4): a session must exist (a guest is created when needed; a 429 opens
 * "Лимит анонимных сессий"), and the companion count must be under the tier's limit, else the paywall.
 * Resolves to whether creation may go on. An unreachable list lets it go on: the server checks again.
 */
export async function ensureCanCreateCompanion(): Promise<boolean> {
  if (!(await authActions.ensureSession())) return false;
  const tier = companionTier();
  if (tier === 'plus') return true;
  let count: number;
  try {
    const list = await creationApi.listCharacters();
    count = Array.isArray(list) ? list.length : 0;
  } catch {
    return true;
  }
  const paywall = companionPaywall(tier, count);
  if (!paywall) return true;
  usePaywall.getState().open(paywall);
  return false;
}
