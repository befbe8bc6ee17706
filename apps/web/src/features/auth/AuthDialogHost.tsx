import { lazyDialogHost } from '../../shared/ui/lazyDialogHost.tsx';
import { useAuthDialog } from './dialogStore.ts';

/** The auth dialog: its code loads the first time it is opened. */
export const AuthDialogHost = lazyDialogHost(
  () => import('./AuthDialog.tsx').then((m) => m.AuthDialog),
  useAuthDialog,
);
