import { VOICE_MESSAGE, VOICE_TEXTS, VoiceError } from './texts.ts';

/** The containers asked of MediaRecorder, best first: 001 §4's webm (opus), then what Safari records. */
export const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

/** What the recorder needs of the browser (tests pass fakes). */
export interface RecorderEnv {
  MediaRecorder: typeof MediaRecorder | undefined;
  getUserMedia: ((constraints: MediaStreamConstraints) => Promise<MediaStream>) | undefined;
}

export function browserRecorderEnv(): RecorderEnv {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  return {
    MediaRecorder: typeof MediaRecorder === 'undefined' ? undefined : MediaRecorder,
    getUserMedia: devices?.getUserMedia ? (c) => devices.getUserMedia(c) : undefined,
  };
}

export function canRecord(env: RecorderEnv): boolean {
  return env.MediaRecorder !== undefined && env.getUserMedia !== undefined;
}

/** The first container this browser records, or undefined to let it choose. */
export function pickMimeType(Recorder: typeof MediaRecorder): string | undefined {
  if (typeof Recorder.isTypeSupported !== 'function') return undefined;
  return RECORDING_TYPES.find((type) => Recorder.isTypeSupported(type));
}

/** 001 §4: 16 kHz mono (browsers that cannot resample keep their rate; the server's STT resamples). */
export const AUDIO_CONSTRAINTS: MediaStreamConstraints = {
  audio: {
    channelCount: VOICE_MESSAGE.channels,
    sampleRate: VOICE_MESSAGE.sampleRateHz,
    echoCancellation: true,
    noiseSuppression: true,
  },
};

/** Speech needs little: 24 kbit/s opus keeps 180 s under 0.6 MB. */
const AUDIO_BITS_PER_SECOND = 24_000;

export interface Recording {
  /** Ends the recording: resolves to its audio, or rejects with «Не удалось получить аудиозапись». */
  stop(): Promise<Blob>;
  /** Ends it and throws the audio away. */
  cancel(): void;
}

/**
 * Starts recording the microphone. Rejects with 001 §8's texts: no MediaRecorder or no getUserMedia →
 * «Твой браузер не поддерживает запись аудио»; the microphone refused or missing → «Не удалось начать
 * запись. Проверьте разрешения микрофона.».
 */
export async function startRecording(env: RecorderEnv): Promise<Recording> {
  const { MediaRecorder: Recorder, getUserMedia } = env;
  if (!Recorder || !getUserMedia) throw new VoiceError(VOICE_TEXTS.notSupported);
  let stream: MediaStream;
  try {
    stream = await getUserMedia(AUDIO_CONSTRAINTS);
  } catch {
    throw new VoiceError(VOICE_TEXTS.startFailed);
  }
  const release = () => {
    for (const track of stream.getTracks()) track.stop();
  };
  let recorder: MediaRecorder;
  try {
    const mimeType = pickMimeType(Recorder);
    recorder = new Recorder(stream, {
      ...(mimeType ? { mimeType } : {}),
      audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
    });
    recorder.start(1000);
  } catch {
    release();
    throw new VoiceError(VOICE_TEXTS.startFailed);
  }

  const chunks: Blob[] = [];
  let failed = false;
  recorder.addEventListener('dataavailable', (event: BlobEvent) => {
    if (event.data && event.data.size > 0) chunks.push(event.data);
  });
  recorder.addEventListener('error', () => {
    failed = true;
  });
  const stopped = new Promise<void>((resolve) => {
    recorder.addEventListener('stop', () => resolve(), { once: true });
  });

  const end = () => {
    if (recorder.state !== 'inactive') {
      try {
        recorder.stop();
      } catch {
        failed = true;
      }
    }
    release();
  };

  return {
    async stop() {
      const wasRecording = recorder.state !== 'inactive';
      end();
      if (wasRecording) await stopped;
      const type = (recorder.mimeType || chunks[0]?.type || VOICE_MESSAGE.mimeType).split(';')[0] ?? '';
      const audio = new Blob(chunks, { type: type || VOICE_MESSAGE.mimeType });
      if (failed || audio.size === 0) throw new VoiceError(VOICE_TEXTS.noAudio);
      return audio;
    },
    cancel() {
      chunks.length = 0;
      end();
    },
  };
}
