import { ActionIcon, Loader } from '@mantine/core';
import { SpeakerIcon, StopIcon } from './icons.tsx';
import { VOICE_LABELS } from './labels.ts';
import { toggleListening, useListen } from './listen.ts';

/** Server ids only: her messages still streaming or made up locally have nothing to speak yet. */
const SERVER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function canListen(messageId: string): boolean {
  return SERVER_ID.test(messageId);
}

/**
 * «Послушать» under her text message (issue 15): plays it in her voice, «Остановить» while it loads or
 * plays. One message plays at a time; the player's code loads with the first press.
 */
export function ListenButton({ messageId }: { messageId: string }) {
  const loading = useListen((s) => s.loading === messageId);
  const playing = useListen((s) => s.playing === messageId);
  const label = loading || playing ? VOICE_LABELS.stopListening : VOICE_LABELS.listen;
  return (
    <ActionIcon
      size="sm"
      radius="xl"
      variant="subtle"
      color="grape"
      ml={4}
      style={{ verticalAlign: 'middle' }}
      aria-label={label}
      title={loading ? VOICE_LABELS.listenLoading : label}
      aria-busy={loading || undefined}
      onClick={() => {
        toggleListening(messageId).catch((error: unknown) => console.error('listen failed', error));
      }}
    >
      {loading ? <Loader size={12} color="grape" /> : playing ? <StopIcon /> : <SpeakerIcon />}
    </ActionIcon>
  );
}
