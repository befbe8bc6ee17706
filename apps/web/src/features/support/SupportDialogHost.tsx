import { lazyDialogHost } from '../../shared/ui/lazyDialogHost.tsx';
import { useSupportDialog } from './supportStore.ts';

/** The support dialog: its code loads the first time someone opens it. */
export const SupportDialogHost = lazyDialogHost(
  () => import('./SupportDialog.tsx').then((m) => m.SupportDialog),
  useSupportDialog,
);
