import { lazy, Suspense } from 'react';
import { useAuthDialog } from './dialogStore.ts';

const AuthDialog = lazy(() => import('./AuthDialog.tsx').then((m) => ({ default: m.AuthDialog })));

/** Loads the auth dialog's code the first time it is opened, keeps it mounted afterwards. */
export function AuthDialogHost() {
  const everOpened = useAuthDialog((s) => s.everOpened);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
