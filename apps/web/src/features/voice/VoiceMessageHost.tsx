import { lazy, Suspense, useEffect } from 'react';
import { stopListening } from './listen.ts';
import { useVoiceDialog } from './store.ts';

// The recorder loads the first time it opens and stays mounted after (DESIGN §8: the chat's first load).
const VoiceRecorderDialog = lazy(() =>
  import('./VoiceRecorderDialog.tsx').then((m) => ({ default: m.VoiceRecorderDialog })),
);

const close = () => useVoiceDialog.getState().close();

/**
 * The chat's voice: the recorder dialog once opened (its text goes out through the chat's `onSend`).
 * Leaving the chat closes it and stops her voice if it is playing.
 */
export function VoiceMessageHost({ onSend }: { onSend: (text: string) => void }) {
  const opened = useVoiceDialog((s) => s.opened);
  const ever = useVoiceDialog((s) => s.ever);
  useEffect(
    () => () => {
      close();
      stopListening();
    },
    [],
  );
  if (!ever) return null;
  return (
    <Suspense fallback={null}>
      <VoiceRecorderDialog opened={opened} onClose={close} onSend={onSend} />
    </Suspense>
  );
}
