import { lazyDialogHost } from '../../shared/ui/lazyDialogHost.tsx';
import { useLegalDialog } from './legalDialogStore.ts';

/** The terms/privacy dialog: its code and its texts load only once someone opens it. */
export const LegalDialogHost = lazyDialogHost(
  () => import('./LegalDialog.tsx').then((m) => m.LegalDialog),
  useLegalDialog,
);
