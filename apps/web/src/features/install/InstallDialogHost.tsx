import { lazyDialogHost } from '../../shared/ui/lazyDialogHost.tsx';
import { useInstallDialog } from './installStore.ts';

/** The install instructions: their code loads when they first open. */
export const InstallDialogHost = lazyDialogHost(
  () => import('./InstallDialog.tsx').then((m) => m.InstallDialog),
  useInstallDialog,
);
