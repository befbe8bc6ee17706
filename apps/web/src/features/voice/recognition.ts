import { VOICE_TEXTS, VoiceError } from './texts.ts';

/** The part of the Web Speech API's SpeechRecognition the recorder uses (not in TypeScript's DOM types). */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: SpeechResultEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}

export interface SpeechResultEvent {
  resultIndex: number;
  results: ArrayLike<{ isFinal: boolean; 0?: { transcript: string } | undefined; length: number }>;
}

export type SpeechRecognitionCtor = new () => SpeechRecognitionLike;

/** The browser's own speech recognition (Chrome, Edge, Safari), or null where there is none. */
export function speechRecognitionCtor(
  scope: Record<string, unknown> | undefined = typeof window === 'undefined'
    ? undefined
    : (window as unknown as Record<string, unknown>),
): SpeechRecognitionCtor | null {
  const ctor = scope?.SpeechRecognition ?? scope?.webkitSpeechRecognition;
  return typeof ctor === 'function' ? (ctor as SpeechRecognitionCtor) : null;
}

/** The recognition's error codes, worded with 001 §8's texts; null for those that are not failures. */
export function recognitionErrorText(code: string): string | null {
  switch (code) {
    case 'aborted':
      return null;
    case 'not-allowed':
    case 'service-not-allowed':
    case 'audio-capture':
      return VOICE_TEXTS.startFailed;
    case 'no-speech':
      return VOICE_TEXTS.notRecognised;
    case 'network':
    case 'language-not-supported':
      return VOICE_TEXTS.unavailable;
    default:
      return VOICE_TEXTS.notRecognised;
  }
}

export interface LiveRecognition {
  /** Stops listening: resolves to everything recognised (trimmed), or rejects with a VoiceError. */
  stop(): Promise<string>;
  cancel(): void;
}

/**
 * Recognises Russian speech live in the browser while the user speaks (the fallback when the server has
 * no speech-to-text): `onText` gets the text so far (final and interim results). Browsers end a
 * continuous recognition by themselves after a pause; it is started again until `stop`.
 */
export function startLiveRecognition(
  Ctor: SpeechRecognitionCtor,
  onText: (text: string) => void,
  /** It ended by itself on a failure (microphone refused, no speech, network): the caller stops it. */
  onFailed: () => void = () => {},
): LiveRecognition {
  const finals: string[] = [];
  let interim = '';
  let stopping = false;
  let cancelled = false;
  let error: string | null = null;
  let settle: (() => void) | null = null;
  const ended = new Promise<void>((resolve) => {
    settle = resolve;
  });

  const text = () => [...finals, interim].join(' ').replace(/\s+/g, ' ').trim();

  let recognition = create();
  function create(): SpeechRecognitionLike {
    const r = new Ctor();
    r.lang = 'ru-RU';
    r.continuous = true;
    r.interimResults = true;
    r.maxAlternatives = 1;
    r.onresult = (event) => {
      interim = '';
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        const transcript = result?.[0]?.transcript ?? '';
        if (result?.isFinal) finals.push(transcript.trim());
        else interim += transcript;
      }
      onText(text());
    };
    r.onerror = (event) => {
      const worded = recognitionErrorText(event.error);
      if (worded && error === null) error = worded;
    };
    r.onend = () => {
      // A final result may be pending as interim when the browser ends: it counts.
      if (interim.trim()) {
        finals.push(interim.trim());
        interim = '';
      }
      if (!stopping && !cancelled && error === null) {
        try {
          recognition = create();
          recognition.start();
          return;
        } catch {
          error = VOICE_TEXTS.notRecognised;
        }
      }
      settle?.();
      if (!stopping && !cancelled) onFailed();
    };
    return r;
  }

  try {
    recognition.start();
  } catch {
    throw new VoiceError(VOICE_TEXTS.startFailed);
  }

  return {
    async stop() {
      stopping = true;
      try {
        recognition.stop();
      } catch {
        settle?.();
      }
      await ended;
      const heard = text();
      // Words heard before a late failure (a network drop at the end) are still what the user said.
      if (heard) return heard;
      throw new VoiceError(error ?? VOICE_TEXTS.notRecognised);
    },
    cancel() {
      cancelled = true;
      try {
        recognition.abort();
      } catch {
        // Already ended.
      }
      settle?.();
    },
  };
}
