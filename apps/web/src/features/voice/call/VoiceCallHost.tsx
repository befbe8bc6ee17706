import type { Message } from '@podruga/shared';
import { lazy, Suspense, useEffect } from 'react';
import { loadVoiceCallDialog, useVoiceCall } from './store.ts';

const VoiceCallDialog = lazy(() => loadVoiceCallDialog().then((m) => ({ default: m.VoiceCallDialog })));

const close = () => useVoiceCall.getState().close();

/**
 * The chat's voice calls: names the companion the call attachment would call, and mounts the dialog
 * (its code loaded on the first press) once opened. Leaving the chat hangs up.
 */
export function VoiceCallHost({
  characterId,
  characterName,
  characterAvatar,
  onEntry,
}: {
  characterId: string;
  characterName: string;
  characterAvatar: string | null;
  onEntry: (message: Message) => void;
}) {
  useEffect(() => {
    useVoiceCall.getState().setTarget({ characterId, characterName, characterAvatar });
  }, [characterId, characterName, characterAvatar]);
  useEffect(
    () => () => {
      useVoiceCall.getState().setTarget(null);
      close();
    },
    [],
  );
  const opened = useVoiceCall((s) => s.opened);
  const ever = useVoiceCall((s) => s.ever);
  const agentId = useVoiceCall((s) => s.agentId);
  const target = useVoiceCall((s) => s.target);
  if (!ever || !agentId || !target) return null;
  return (
    <Suspense fallback={null}>
      <VoiceCallDialog
        opened={opened}
        onClose={close}
        agentId={agentId}
        characterId={target.characterId}
        characterName={target.characterName}
        characterAvatar={target.characterAvatar}
        onEntry={onEntry}
      />
    </Suspense>
  );
}
