import { lazy, Suspense, useEffect } from 'react';
import { type MediaDialog, useMediaDialogs } from '../mediaDialogs.ts';

// Each dialog's code loads the first time it opens and stays mounted after (DESIGN §8; the house way of
// shared/ui/lazyDialogHost.tsx, with the chat's send passed in).
const loadExamples = () => import('./RequestExamplesDialog.tsx');
const ImageInstructionsDialog = lazy(() =>
  loadExamples().then((m) => ({ default: m.ImageInstructionsDialog })),
);
const VideoInstructionsDialog = lazy(() =>
  loadExamples().then((m) => ({ default: m.VideoInstructionsDialog })),
);
const VideoPreviewDialog = lazy(() =>
  import('./VideoPreviewDialog.tsx').then((m) => ({ default: m.VideoPreviewDialog })),
);

const close = () => useMediaDialogs.getState().close();

/**
 * The chat's photo and video dialogs (001 §2), opened through `useMediaDialogs` (the attachments, the
 * socket's premium_feature). Leaving the chat closes whichever is open.
 */
export function MediaDialogsHost({ onSend }: { onSend: (text: string) => void }) {
  const open = useMediaDialogs((s) => s.open);
  const ever = useMediaDialogs((s) => s.ever);
  useEffect(() => close, []);
  const shown = (dialog: MediaDialog) => ever.includes(dialog);
  // One boundary each: a dialog loading for the first time does not hide the others.
  return (
    <>
      {shown('imageInstructions') && (
        <Suspense fallback={null}>
          <ImageInstructionsDialog opened={open === 'imageInstructions'} onClose={close} onSend={onSend} />
        </Suspense>
      )}
      {shown('videoInstructions') && (
        <Suspense fallback={null}>
          <VideoInstructionsDialog opened={open === 'videoInstructions'} onClose={close} onSend={onSend} />
        </Suspense>
      )}
      {shown('videoPreview') && (
        <Suspense fallback={null}>
          <VideoPreviewDialog opened={open === 'videoPreview'} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
