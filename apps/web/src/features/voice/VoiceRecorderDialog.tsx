import { Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Dialog, DialogActions } from '../../shared/ui/Dialog.tsx';
import { notify } from '../../shared/ui/notify.tsx';
import { MicIcon } from './icons.tsx';
import { formatSeconds, recognisedToast, VOICE_MESSAGE, VOICE_UI } from './texts.ts';
import { useVoiceRecorder, type VoiceRecorderEnv } from './useVoiceRecorder.ts';

export interface VoiceRecorderDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The recognised text, sent as the user's own message (the chat's normal send). */
  onSend: (text: string) => void;
  /** 001 §4 maxRecordingTime: 60 s in the dialog; never above the recorder's 180 s. */
  maxSeconds?: number;
  /** The browser's recorder and recogniser (tests pass fakes). */
  env?: () => VoiceRecorderEnv;
}

/**
 * The voice message recorder dialog (001 §2, §4): ready → recording (timer, «Отправить», «Отменить»;
 * stops itself at 60 s) → processing → the text goes into the chat as the user's message with a toast
 * of its first 50 characters for 3 s; or an error with 001 §8's text and «Попробовать снова».
 */
export function VoiceRecorderDialog({
  opened,
  onClose,
  onSend,
  maxSeconds = VOICE_MESSAGE.dialogMaxSeconds,
  env,
}: VoiceRecorderDialogProps) {
  const { state, place, limit, start, stop, cancel } = useVoiceRecorder({
    maxSeconds,
    onText: (text) => {
      onSend(text);
      notify.success(recognisedToast(text), VOICE_MESSAGE.toastMs);
      onClose();
    },
    ...(env ? { env } : {}),
  });

  // Closed from outside (Escape, the cross, leaving the chat): the recording is dropped.
  useEffect(() => {
    if (!opened) cancel();
  }, [opened, cancel]);

  const close = () => {
    cancel();
    onClose();
  };

  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={VOICE_UI.title}
      size="sm"
      // A stray tap beside the dialog must not throw a recording away: «Отменить», Escape or the cross do.
      closeOnClickOutside={state.kind !== 'recording' && state.kind !== 'processing'}
    >
      {state.kind === 'ready' && (
        <Stack gap="sm">
          {state.notice && <Text c="yellow">{state.notice}</Text>}
          <Text>{VOICE_UI.readyHint(limit)}</Text>
          {place === 'browser' && (
            <Text size="sm" c="dimmed">
              {VOICE_UI.browserHint}
            </Text>
          )}
          <DialogActions>
            <Button variant="default" onClick={close}>
              {VOICE_UI.cancel}
            </Button>
            <Button color="grape" leftSection={<MicIcon />} onClick={() => void start()}>
              {VOICE_UI.start}
            </Button>
          </DialogActions>
        </Stack>
      )}
      {state.kind === 'recording' && (
        <Stack gap="sm">
          <Text fw={600} role="timer" aria-label={VOICE_UI.recording}>
            <span aria-hidden>● </span>
            {formatSeconds(state.seconds)} / {formatSeconds(limit)}
          </Text>
          {state.live !== null && (
            <Text size="sm" c={state.live ? undefined : 'dimmed'} aria-live="polite">
              {state.live || VOICE_UI.browserHint}
            </Text>
          )}
          <DialogActions>
            <Button variant="default" onClick={close}>
              {VOICE_UI.cancel}
            </Button>
            <Button color="grape" onClick={() => void stop()}>
              {VOICE_UI.stop}
            </Button>
          </DialogActions>
        </Stack>
      )}
      {state.kind === 'processing' && (
        <Stack gap="sm" align="center" role="status">
          <Loader color="grape" size="sm" />
          <Text>{VOICE_UI.processing}</Text>
        </Stack>
      )}
      {state.kind === 'error' && (
        <Stack gap="sm">
          <Text c="red" role="alert">
            {state.text}
          </Text>
          <DialogActions>
            <Button variant="default" onClick={close}>
              {VOICE_UI.close}
            </Button>
            <Button color="grape" onClick={() => void start()}>
              {VOICE_UI.retry}
            </Button>
          </DialogActions>
        </Stack>
      )}
    </Dialog>
  );
}
