/**
 * Fakes of the browser's microphone parts for the voice tests: MediaRecorder, getUserMedia and the Web
 * Speech API's SpeechRecognition, each recording what was asked of it.
 */
import type { SpeechRecognitionCtor, SpeechRecognitionLike, SpeechResultEvent } from './recognition.ts';
import type { RecorderEnv } from './recorder.ts';

/** A webm file's first bytes (EBML magic) and a little more: what a real recording would start with. */
export const WEBM_BYTES = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);

export interface FakeMic {
  env: RecorderEnv;
  /** The constraints getUserMedia was asked for. */
  constraints: MediaStreamConstraints[];
  /** The recorders made, newest last. */
  recorders: FakeRecorder[];
  /** Tracks stopped (the microphone released). */
  stoppedTracks: () => number;
}

export interface FakeRecorder {
  state: RecordingState;
  mimeType: string;
  options: MediaRecorderOptions | undefined;
  timeslice: number | undefined;
}

/**
 * A microphone and MediaRecorder: `deny` makes getUserMedia refuse; `empty` records nothing; the
 * recorder supports `supported` containers (webm/opus by default) and gives WEBM_BYTES on stop.
 */
export function fakeMic({
  deny = false,
  empty = false,
  supported = ['audio/webm;codecs=opus', 'audio/webm'],
}: {
  deny?: boolean;
  empty?: boolean;
  supported?: string[];
} = {}): FakeMic {
  const constraints: MediaStreamConstraints[] = [];
  const recorders: FakeRecorder[] = [];
  let stopped = 0;
  const stream = {
    getTracks: () => [{ stop: () => (stopped += 1) }],
  } as unknown as MediaStream;

  class Recorder extends EventTarget implements FakeRecorder {
    static isTypeSupported(type: string): boolean {
      return supported.includes(type);
    }
    state: RecordingState = 'inactive';
    mimeType: string;
    options: MediaRecorderOptions | undefined;
    timeslice: number | undefined;
    constructor(_stream: MediaStream, options?: MediaRecorderOptions) {
      super();
      this.options = options;
      this.mimeType = options?.mimeType ?? '';
      recorders.push(this);
    }
    start(timeslice?: number) {
      this.timeslice = timeslice;
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      queueMicrotask(() => {
        const data = new Blob(empty ? [] : [WEBM_BYTES], { type: this.mimeType.split(';')[0] });
        this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
        this.dispatchEvent(new Event('stop'));
      });
    }
  }

  return {
    env: {
      MediaRecorder: Recorder as unknown as typeof MediaRecorder,
      getUserMedia: async (c) => {
        constraints.push(c);
        if (deny) throw new DOMException('Permission denied', 'NotAllowedError');
        return stream;
      },
    },
    constraints,
    recorders,
    stoppedTracks: () => stopped,
  };
}

export interface FakeRecognitionControl {
  Ctor: SpeechRecognitionCtor;
  /** Every recognition made (a browser that ends by itself gets a new one). */
  made: FakeRecognition[];
  /** The one listening now. */
  current: () => FakeRecognition;
}

export interface FakeRecognition extends SpeechRecognitionLike {
  started: boolean;
  /** The browser heard `text` (final or interim). */
  hear(text: string, isFinal?: boolean): void;
  /** The browser fails with an error code, then ends. */
  fail(code: string): void;
  /** The browser ends by itself (a pause). */
  endByItself(): void;
}

/** SpeechRecognition: results are given by the test; `stop` ends it (the end event a microtask later). */
export function fakeRecognition({
  startThrows = false,
}: {
  startThrows?: boolean;
} = {}): FakeRecognitionControl {
  const made: FakeRecognition[] = [];
  class Recognition implements FakeRecognition {
    lang = '';
    continuous = false;
    interimResults = false;
    maxAlternatives = 0;
    started = false;
    onresult: ((event: SpeechResultEvent) => void) | null = null;
    onerror: ((event: { error: string }) => void) | null = null;
    onend: (() => void) | null = null;
    private results: { isFinal: boolean; 0: { transcript: string }; length: number }[] = [];
    constructor() {
      made.push(this);
    }
    start() {
      if (startThrows) throw new DOMException('not allowed', 'NotAllowedError');
      this.started = true;
    }
    stop() {
      this.finish();
    }
    abort() {
      this.finish();
    }
    private finish() {
      if (!this.started) return;
      this.started = false;
      queueMicrotask(() => this.onend?.());
    }
    hear(text: string, isFinal = true) {
      const last = this.results.at(-1);
      const resultIndex = last && !last.isFinal ? this.results.length - 1 : this.results.length;
      this.results[resultIndex] = { isFinal, 0: { transcript: text }, length: 1 };
      this.onresult?.({ resultIndex, results: this.results });
    }
    fail(code: string) {
      this.onerror?.({ error: code });
      this.finish();
    }
    endByItself() {
      this.finish();
    }
  }
  return {
    Ctor: Recognition,
    made,
    current: () => {
      const last = made.at(-1);
      if (!last) throw new Error('no recognition was made');
      return last;
    },
  };
}
