import { useCallback, useEffect, useRef, useState } from 'react';
import { isSttUnavailable, transcribe, transcribeErrorText } from './api.ts';
import {
  type LiveRecognition,
  type SpeechRecognitionCtor,
  speechRecognitionCtor,
  startLiveRecognition,
} from './recognition.ts';
import {
  browserRecorderEnv,
  canRecord,
  type RecorderEnv,
  type Recording,
  startRecording,
} from './recorder.ts';
import { sttMode } from './store.ts';
import { VOICE_MESSAGE, VOICE_TEXTS, VOICE_UI, VoiceError } from './texts.ts';

/** 001 §4 "Voice message": ready, recording, processing, error. */
export type RecorderState =
  | { kind: 'ready'; notice: string | null }
  | { kind: 'recording'; seconds: number; live: string | null }
  | { kind: 'processing' }
  | { kind: 'error'; text: string };

/** Where the speech is recognised: the server (upload) or the browser (live, nothing uploaded). */
export type RecognitionPlace = 'server' | 'browser';

export interface VoiceRecorderEnv {
  recorder: RecorderEnv;
  recognition: SpeechRecognitionCtor | null;
  transcribe: (audio: Blob) => Promise<{ text: string }>;
}

export function browserVoiceEnv(): VoiceRecorderEnv {
  return { recorder: browserRecorderEnv(), recognition: speechRecognitionCtor(), transcribe };
}

/** Where this recording is recognised, or the failure text when it cannot be anywhere. */
export function recognitionPlace(env: VoiceRecorderEnv): RecognitionPlace | VoiceError {
  if (sttMode.serverMissing()) {
    return env.recognition ? 'browser' : new VoiceError(VOICE_TEXTS.unavailable);
  }
  if (canRecord(env.recorder)) return 'server';
  if (env.recognition) return 'browser';
  return new VoiceError(VOICE_TEXTS.notSupported);
}

type Session = { place: 'server'; recording: Recording } | { place: 'browser'; recognition: LiveRecognition };

/**
 * The recorder's states (001 §4): start → recording (a second counter; stops itself at `maxSeconds`)
 * → processing (the upload, or the browser's last words) → `onText(text)`, or an error with 001 §8's
 * text. A 503 from the server (no speech-to-text) is remembered for the visit and the next recording
 * is recognised by the browser where it can. Closing the dialog (`cancel`, unmount) drops everything.
 */
export function useVoiceRecorder({
  maxSeconds,
  onText,
  env = browserVoiceEnv,
}: {
  maxSeconds: number;
  onText: (text: string) => void;
  env?: () => VoiceRecorderEnv;
}) {
  const limit = Math.min(Math.max(1, maxSeconds), VOICE_MESSAGE.recorderMaxSeconds);
  const [state, setState] = useState<RecorderState>({ kind: 'ready', notice: null });
  const [place, setPlace] = useState<RecognitionPlace | null>(() => {
    const where = recognitionPlace(env());
    return where instanceof VoiceError ? null : where;
  });
  const session = useRef<Session | null>(null);
  /** Bumped by every start and cancel: a late answer of an abandoned attempt changes nothing. */
  const attempt = useRef(0);
  const timers = useRef<{ tick?: ReturnType<typeof setInterval>; stop?: ReturnType<typeof setTimeout> }>({});
  const envRef = useRef(env);
  envRef.current = env;
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  const clearTimers = useCallback(() => {
    clearInterval(timers.current.tick);
    clearTimeout(timers.current.stop);
    timers.current = {};
  }, []);

  const drop = useCallback(() => {
    attempt.current += 1;
    clearTimers();
    const current = session.current;
    session.current = null;
    if (current?.place === 'server') current.recording.cancel();
    if (current?.place === 'browser') current.recognition.cancel();
  }, [clearTimers]);

  const finish = useCallback((text: string, mine: number) => {
    if (attempt.current !== mine) return;
    const heard = text.trim();
    if (!heard) {
      setState({ kind: 'error', text: VOICE_TEXTS.notRecognised });
      return;
    }
    setState({ kind: 'ready', notice: null });
    onTextRef.current(heard);
  }, []);

  const stop = useCallback(async () => {
    const current = session.current;
    if (!current) return;
    session.current = null;
    clearTimers();
    const mine = attempt.current;
    setState({ kind: 'processing' });
    if (current.place === 'browser') {
      try {
        finish(await current.recognition.stop(), mine);
      } catch (error) {
        if (attempt.current === mine) setState({ kind: 'error', text: transcribeErrorText(error) });
      }
      return;
    }
    let audio: Blob;
    try {
      audio = await current.recording.stop();
    } catch (error) {
      if (attempt.current === mine) setState({ kind: 'error', text: transcribeErrorText(error) });
      return;
    }
    try {
      const result = await envRef.current().transcribe(audio);
      finish(result.text, mine);
    } catch (error) {
      if (attempt.current !== mine) return;
      if (isSttUnavailable(error)) {
        sttMode.markServerMissing();
        if (envRef.current().recognition) {
          setPlace('browser');
          setState({ kind: 'ready', notice: VOICE_UI.retryInBrowser });
          return;
        }
      }
      setState({ kind: 'error', text: transcribeErrorText(error) });
    }
  }, [clearTimers, finish]);

  const start = useCallback(async () => {
    drop();
    const mine = attempt.current;
    const current = envRef.current();
    const where = recognitionPlace(current);
    if (where instanceof VoiceError) {
      setState({ kind: 'error', text: where.message });
      return;
    }
    setPlace(where);
    let started: Session;
    try {
      if (where === 'server') {
        started = { place: 'server', recording: await startRecording(current.recorder) };
      } else {
        const Ctor = current.recognition as SpeechRecognitionCtor;
        started = {
          place: 'browser',
          recognition: startLiveRecognition(
            Ctor,
            (live) => {
              if (attempt.current === mine) setState((s) => (s.kind === 'recording' ? { ...s, live } : s));
            },
            () => {
              if (attempt.current === mine) void stop();
            },
          ),
        };
      }
    } catch (error) {
      if (attempt.current === mine) setState({ kind: 'error', text: transcribeErrorText(error) });
      return;
    }
    if (attempt.current !== mine) {
      // Closed while the microphone was being asked for.
      if (started.place === 'server') started.recording.cancel();
      else started.recognition.cancel();
      return;
    }
    session.current = started;
    const startedAt = Date.now();
    setState({ kind: 'recording', seconds: 0, live: where === 'browser' ? '' : null });
    timers.current.tick = setInterval(() => {
      const seconds = Math.min(limit, Math.floor((Date.now() - startedAt) / 1000));
      setState((s) => (s.kind === 'recording' && s.seconds !== seconds ? { ...s, seconds } : s));
    }, 250);
    // 001 §4: the recording stops itself at the limit and is sent like a pressed «Отправить».
    timers.current.stop = setTimeout(() => void stop(), limit * 1000);
  }, [drop, stop, limit]);

  const cancel = useCallback(() => {
    drop();
    setState({ kind: 'ready', notice: null });
  }, [drop]);

  useEffect(() => drop, [drop]);

  return { state, place, limit, start, stop, cancel };
}
