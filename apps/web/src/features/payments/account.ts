import { PAYMENT_MESSAGES } from '@podruga/shared';
import { getBrand } from '../../app/brand.ts';
import { session } from '../../shared/storage.ts';
import { notify } from '../../shared/ui/notify.tsx';
import { authActions, selectIsMember, useAuth } from '../auth/store.ts';
import { ACCOUNT_FLAGS } from './lastPayment.ts';
import { type RegistrationDetails, wantsRegistration } from './validation.ts';

/** How the buyer came to have an account for the payment (002 §4 "Guest purchase flow"). */
export type AccountOutcome = 'member' | 'registered' | 'loggedIn' | 'temporary' | 'anonymous' | 'failed';

const TEMP_NAME = 'Пользователь';
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

function randomChars(count: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(count));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** 002 §9: a time-stamped placeholder address on the brand's own domain and 'Pass' + 12 random + time. */
export function temporaryCredentials(now = Date.now()): RegistrationDetails {
  const domain = getBrand().supportEmail.split('@')[1] || 'podruga.app';
  return {
    name: TEMP_NAME,
    email: `temp_${now}_${randomChars(4).toLowerCase()}@${domain}`,
    password: `Pass${randomChars(12)}${now.toString(36).slice(-4)}`,
  };
}

/**
 * Makes sure the buyer has an account the order can belong to. A signed-in member buys as she is. With an
 * e-mail and a password (already validated): register, else log in with them, else a temporary account.
 * Without them: the guest session the visitor already has (or a new one). Tells the user what happened;
 * 'failed' means stop, the error is shown.
 */
export async function prepareAccount(details: RegistrationDetails): Promise<AccountOutcome> {
  if (selectIsMember(useAuth.getState())) return 'member';

  if (!wantsRegistration(details)) {
    const hadSession = useAuth.getState().token !== null;
    const ok = await authActions.ensureSession().catch(() => false);
    if (!ok) {
      notify.error(PAYMENT_MESSAGES.anonymousFailed);
      return 'failed';
    }
    session.set(ACCOUNT_FLAGS.anonymous, 'true');
    // The visitor's existing guest session is the account; a notice only when one was just made for her.
    if (!hadSession) notify.success(PAYMENT_MESSAGES.guestAccount);
    return 'anonymous';
  }

  const email = details.email.trim();
  try {
    await authActions.register({ name: details.name, email, password: details.password });
    notify.success(PAYMENT_MESSAGES.accountCreated);
    return 'registered';
  } catch {
    // Most often the address is taken: perhaps it is hers.
  }
  try {
    await authActions.login({ email, password: details.password, remember: true });
    notify.success(PAYMENT_MESSAGES.loggedIn);
    return 'loggedIn';
  } catch {
    // Someone else's address, or a wrong password: the payment goes on with a temporary account.
  }
  try {
    await authActions.register(temporaryCredentials());
    session.set(ACCOUNT_FLAGS.temp, 'true');
    session.set(ACCOUNT_FLAGS.originalEmail, email);
    const id = useAuth.getState().user?.id;
    if (id) session.set(ACCOUNT_FLAGS.tempId, id);
    notify.success(PAYMENT_MESSAGES.tempAccount);
    return 'temporary';
  } catch {
    notify.error(PAYMENT_MESSAGES.accountFailed);
    return 'failed';
  }
}
