import { lazy, Suspense, useEffect, useState } from 'react';
import { useLegalDialog } from './legalDialogStore.ts';

const LegalDialog = lazy(() => import('./LegalDialog.tsx').then((m) => ({ default: m.LegalDialog })));

/** Mounts the terms/privacy dialog (and loads its texts) only once someone opens it. */
export function LegalDialogHost() {
  const open = useLegalDialog((s) => s.open);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);
  if (!loaded && !open) return null;
  return (
    <Suspense fallback={null}>
      <LegalDialog />
    </Suspense>
  );
}
