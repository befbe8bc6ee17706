import { Button, Text } from '@mantine/core';
import {
  isPlusActive,
  type Message,
  VOICE_CALL,
  VOICE_CALL_TEXTS,
  voiceCallErrorText,
} from '@podruga/shared';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Dialog, DialogActions } from '../../../shared/ui/Dialog.tsx';
import { notify } from '../../../shared/ui/notify.tsx';
import { useAuth } from '../../auth/store.ts';
import { AiMark } from '../../chat/AiMark.tsx';
import { usePaywall } from '../../paywall/paywallStore.ts';
import { formatSeconds } from '../texts.ts';
import { voiceCallApi } from './api.ts';
import { primeCallAudio } from './audio.ts';
import { CallController, type CallDeps, type CallView } from './controller.ts';
import { isTouchDevice, openMicrophone } from './device.ts';
import { createCallSession } from './sessions.ts';
import classes from './VoiceCallDialog.module.css';

export interface VoiceCallDialogProps {
  opened: boolean;
  onClose: () => void;
  /** 001 §2: the dialog's props. */
  agentId: string;
  characterId: string;
  characterName: string;
  characterAvatar: string | null;
  /** The chat's voice_call entry as the server has it now (added, then updated in place). */
  onEntry?: (message: Message) => void;
  /** A started call broke (by default the chat's toast «Ошибка голосового звонка: …», 001 §8). */
  onError?: (text: string) => void;
  /** Waits for the start press (touch devices); else it starts at once. */
  touch?: boolean;
  /** The browser and the server (tests pass fakes). */
  deps?: Partial<CallDeps>;
}

const defaultDeps: CallDeps = {
  api: voiceCallApi,
  createSession: createCallSession,
  openMicrophone: () => openMicrophone(),
  primeAudio: primeCallAudio,
  isPlus: () => {
    const { user } = useAuth.getState();
    return user !== null && isPlusActive(user);
  },
  openPaywall: () => usePaywall.getState().open({ context: 'general', currentCount: null }),
  now: () => Date.now(),
};

const chatErrorToast = (text: string) => notify.error(voiceCallErrorText(text));

const TURN_TEXT = {
  listening: VOICE_CALL_TEXTS.listening,
  thinking: VOICE_CALL_TEXTS.thinking,
  speaking: VOICE_CALL_TEXTS.speaking,
} as const;

function statusText(view: CallView): string {
  if (view.state === 'connecting') return VOICE_CALL_TEXTS.connecting;
  if (view.state === 'connected') return TURN_TEXT[view.turn];
  if (view.state === 'error') return VOICE_CALL_TEXTS.connectionError;
  return '';
}

/**
 * The voice call dialog (001 §2, §4, §8): her avatar and name with the «ИИ» mark (issue 27); idle →
 * connecting → connected, or error with «Попробовать снова»; on a touch device it waits for
 * «Позвонить», on a desktop it calls at once;
 * who speaks (listening, thinking, speaking), the day's seconds counting down with a warning near the
 * end and the call hung up at 0; the last transcript line for 3 s. Closing it hangs up.
 */
export function VoiceCallDialog({
  opened,
  onClose,
  agentId,
  characterId,
  characterName,
  characterAvatar,
  onEntry,
  onError,
  touch,
  deps,
}: VoiceCallDialogProps) {
  const hooks = useRef({ onEntry, onError });
  hooks.current = { onEntry, onError };
  const depsRef = useRef(deps);
  // One controller per opening (and per agent): a new opening is a new call.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `opened` starts a new controller on purpose.
  const controller = useMemo(
    () =>
      new CallController(
        { agentId, characterId },
        { ...defaultDeps, ...depsRef.current },
        {
          onEntry: (message) => hooks.current.onEntry?.(message),
          onError: (text) => (hooks.current.onError ?? chatErrorToast)(text),
        },
      ),
    [agentId, characterId, opened],
  );
  const view = useSyncExternalStore(controller.subscribe, controller.getView, controller.getView);
  const waitsForPress = touch ?? isTouchDevice();

  useEffect(() => {
    if (!opened) return;
    if (!waitsForPress) void controller.start();
    return () => controller.dispose();
  }, [opened, controller, waitsForPress]);

  const close = () => {
    void controller.hangUp('hangup');
    onClose();
  };

  const inCall = view.state === 'connecting' || view.state === 'connected';
  const spent =
    (view.state === 'idle' && view.notice === VOICE_CALL_TEXTS.endedAtLimit) ||
    (view.state === 'error' && view.error === VOICE_CALL_TEXTS.limitReached);
  const plus = (deps?.isPlus ?? defaultDeps.isPlus)();
  const warn =
    view.state === 'connected' && view.remaining !== null && view.remaining <= VOICE_CALL.warnSecondsLeft;

  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={VOICE_CALL_TEXTS.entryTitle}
      size="sm"
      closeOnClickOutside={!inCall}
    >
      <div
        className={classes.body}
        data-state={view.state}
        data-turn={view.state === 'connected' ? view.turn : undefined}
      >
        {characterAvatar ? (
          <img className={classes.avatar} src={characterAvatar} alt={characterName} />
        ) : (
          <span className={classes.avatar} role="img" aria-label={characterName} />
        )}
        <div className={classes.name}>
          <Text fw={600} size="lg">
            {characterName}
          </Text>
          <AiMark name={characterName} where="call" newTab />
        </div>
        <Text role="status" c={view.state === 'error' ? 'red' : 'dimmed'} data-testid="call-status">
          {statusText(view)}
        </Text>
        {view.state === 'connected' && view.remaining !== null && (
          <Text
            role="timer"
            aria-label="Осталось времени"
            className={classes.timer}
            c={warn ? 'orange' : undefined}
          >
            {formatSeconds(view.remaining)}
          </Text>
        )}
        {warn && (
          <Text size="sm" c="orange">
            {VOICE_CALL_TEXTS.endsSoon}
          </Text>
        )}
        <div className={classes.transcript} aria-live="polite" data-testid="call-transcript">
          {view.transcript && (
            <Text size="sm" data-role={view.transcript.role}>
              {view.transcript.text}
            </Text>
          )}
        </div>
        {view.state === 'error' && view.error && (
          <Text size="sm" c="red" role="alert">
            {view.error}
          </Text>
        )}
        {view.state === 'idle' && view.notice && (
          <Text size="sm" c="orange" role="alert">
            {view.notice}
          </Text>
        )}
      </div>
      <DialogActions justify="center">
        {inCall && (
          <Button color="red" onClick={close}>
            {VOICE_CALL_TEXTS.hangUp}
          </Button>
        )}
        {view.state === 'idle' && !spent && (
          <Button color="grape" onClick={() => void controller.start()}>
            {VOICE_CALL_TEXTS.start}
          </Button>
        )}
        {/* The day's seconds are spent: calling again would only be refused; Plus gives more (the × closes). */}
        {spent && !plus && (
          <Button color="grape" component={Link} to="/plus" onClick={onClose}>
            {VOICE_CALL_TEXTS.moreMinutes}
          </Button>
        )}
        {view.state === 'error' && !spent && (
          <Button color="grape" onClick={() => void controller.start()}>
            {VOICE_CALL_TEXTS.retry}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
