import { lazyDialogHost } from '../../shared/ui/lazyDialogHost.tsx';
import { useHelpDialog } from './helpStore.ts';

/** The help guide: its code and texts load the first time someone opens it. */
export const HelpDialogHost = lazyDialogHost(
  () => import('./HelpDialog.tsx').then((m) => m.HelpDialog),
  useHelpDialog,
);
