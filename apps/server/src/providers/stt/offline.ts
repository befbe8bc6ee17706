import { SttError, type SttPort } from './port.ts';

/**
 * The offline default: no speech-to-text (DESIGN §4). Every transcription is the spec's 503, and the
 * web app then uses the browser's own speech recognition where the browser has one.
 */
export function createOfflineStt(): SttPort {
  return {
    adapter: 'offline',
    offline: true,
    describe: () =>
      "stt: OFFLINE none — POST /api/speech/transcribe answers 503 and the web app uses the browser's own speech recognition; set STT_PROVIDER=openai and STT_BASE_URL to transcribe voice messages",
    transcribe: async () => {
      throw new SttError('unavailable');
    },
  };
}
