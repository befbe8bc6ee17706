import { PWA_PUSH_PROMPT_DELAY_MS, STORAGE_KEYS } from '@podruga/shared';
import { api } from '../../shared/api/index.ts';
import { local } from '../../shared/storage.ts';
import { authActions, selectIsMember, useAuth } from '../auth/store.ts';
import { usePushPermissionDialog } from '../notifications/permissionStore.ts';
import { useInstall } from './installStore.ts';

/** Whether the installed app should still offer push: supported, undecided, not offered on this device. */
export function shouldOfferPush(): boolean {
  return (
    typeof Notification !== 'undefined' &&
    Notification.permission === 'default' &&
    local.get(STORAGE_KEYS.pwaPushPrompted) !== 'true'
  );
}

/** 2 s after the user is marked: the push permission dialog, once per device (001 §4). */
function offerPushLater(): void {
  setTimeout(() => {
    if (!shouldOfferPush()) return;
    local.set(STORAGE_KEYS.pwaPushPrompted, 'true');
    usePushPermissionDialog.getState().open();
  }, PWA_PUSH_PROMPT_DELAY_MS);
}

let marking = false;

/** Marks the signed-in member as a pwa user when the app runs installed and they are not yet marked. */
async function markIfInstalled(): Promise<void> {
  const auth = useAuth.getState();
  if (marking || !useInstall.getState().installed || !selectIsMember(auth) || auth.user?.is_pwa_user) return;
  marking = true;
  const userId = auth.user?.id;
  try {
    // 001 §7: "boolean true, JSON content type".
    await api.post('/api/user/set-pwa-status', { json: true });
    if (useAuth.getState().user?.id !== userId) return;
    await authActions.refreshUser();
    offerPushLater();
  } catch {
    // Tried again on the next change of the session (a sign-in, a reload).
  } finally {
    marking = false;
  }
}

let watching = false;

/**
 * 001 §4 "App installation": a registered user running the installed app is marked with
 * POST /api/user/set-pwa-status (the pwa tier, DESIGN §5), and 2 s later offered push notifications
 * once. Watches the session, so a guest who signs in inside the app is marked then.
 */
export function watchPwaStatus(): void {
  if (watching) return;
  watching = true;
  const check = () => void markIfInstalled();
  useAuth.subscribe(check);
  useInstall.subscribe(check);
  check();
}
