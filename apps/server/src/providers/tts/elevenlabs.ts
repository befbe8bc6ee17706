import { postForAudio } from './http.ts';
import { TIMBRES, type TtsPort } from './port.ts';

export interface ElevenLabsTtsOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** One voice id per timbre; unset = ElevenLabs' premade female voices. */
  voices?: readonly string[] | undefined;
  timeoutMs: number;
}

/** Premade female voices that speak Russian with eleven_multilingual_v2: Sarah, Matilda, Charlotte, Lily. */
export const ELEVENLABS_VOICES = [
  'EXAVITQu4vr4xnSDxMaL',
  'XrExE9yKIg1WjnnlVkGX',
  'XB0fDUnXU5powFXDhCwa',
  'pFZP5JQG7iQjIQuC4Bku',
] as const;

/** ElevenLabs streaming TTS (docs/PROVIDERS.md §4): MP3 44.1 kHz 128 kbps, read whole. */
export function createElevenLabsTts(options: ElevenLabsTtsOptions): TtsPort {
  const { baseUrl, apiKey, model, timeoutMs } = options;
  const voices = options.voices?.length ? options.voices : ELEVENLABS_VOICES;
  return {
    adapter: 'elevenlabs',
    offline: false,
    describe: () => `tts: ElevenLabs at ${new URL(baseUrl).host}, model ${model}`,
    async synthesize({ text, voice, signal }) {
      const index = Math.abs(Math.trunc(voice.timbre)) % Math.max(TIMBRES, 1);
      const voiceId = encodeURIComponent(voices[index % voices.length] ?? ELEVENLABS_VOICES[0]);
      return postForAudio(
        `${baseUrl}/v1/text-to-speech/${voiceId}/stream?output_format=mp3_44100_128`,
        {
          text,
          model_id: model,
          // ElevenLabs takes 0.7–1.2.
          voice_settings: { speed: Math.min(1.2, Math.max(0.7, Math.round(voice.rate * 100) / 100)) },
        },
        { headers: { 'xi-api-key': apiKey }, timeoutMs, signal },
      );
    },
  };
}
