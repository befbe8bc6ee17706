import { lazy, Suspense } from 'react';
import { useAnonymousLimitDialog } from './dialogStore.ts';

const AnonymousLimitDialog = lazy(() =>
  import('./AnonymousLimitDialog.tsx').then((m) => ({ default: m.AnonymousLimitDialog })),
);

/** The "Лимит анонимных сессий" dialog is rare: its code loads when it first opens. */
export function AnonymousLimitDialogHost() {
  const opened = useAnonymousLimitDialog((s) => s.opened);
  const everOpened = useAnonymousLimitDialog((s) => s.everOpened);
  if (!opened && !everOpened) return null;
  return (
    <Suspense fallback={null}>
      <AnonymousLimitDialog />
    </Suspense>
  );
}
