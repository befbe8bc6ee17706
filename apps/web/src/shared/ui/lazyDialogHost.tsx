import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A host for a dialog whose code loads the first time it opens (DESIGN §8: dialogs stay out of the first
 * load) and which stays mounted afterwards, so it animates closed and opens again at once. `useDialog` is
 * the dialog's store; its `everOpened` turns true with the first open.
 */
export function lazyDialogHost(
  load: () => Promise<ComponentType>,
  useDialog: (select: (state: { everOpened: boolean }) => boolean) => boolean,
): ComponentType {
  const Dialog = lazy(() => load().then((Component) => ({ default: Component })));
  return function LazyDialogHost() {
    const everOpened = useDialog((s) => s.everOpened);
    if (!everOpened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog />
      </Suspense>
    );
  };
}
