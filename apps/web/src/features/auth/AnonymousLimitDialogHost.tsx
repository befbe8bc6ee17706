import { lazyDialogHost } from '../../shared/ui/lazyDialogHost.tsx';
import { useAnonymousLimitDialog } from './dialogStore.ts';

/** The "Лимит анонимных сессий" dialog is rare: its code loads when it first opens. */
export const AnonymousLimitDialogHost = lazyDialogHost(
  () => import('./AnonymousLimitDialog.tsx').then((m) => m.AnonymousLimitDialog),
  useAnonymousLimitDialog,
);
