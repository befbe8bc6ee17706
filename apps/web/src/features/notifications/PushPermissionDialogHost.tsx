import { lazyDialogHost } from '../../shared/ui/lazyDialogHost.tsx';
import { usePushPermissionDialog } from './permissionStore.ts';

/** The notification permission dialog: its code loads the first time it is opened. */
export const PushPermissionDialogHost = lazyDialogHost(
  () => import('./PushPermissionDialog.tsx').then((m) => m.PushPermissionDialog),
  usePushPermissionDialog,
);
