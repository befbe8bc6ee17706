import { postForAudio } from './http.ts';
import { TIMBRES, type TtsPort } from './port.ts';

export interface OpenAiTtsOptions {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** One voice per timbre; unset = OpenAI's female-sounding voices. */
  voices?: readonly string[] | undefined;
  timeoutMs: number;
}

/** OpenAI's voices that sound female, one per timbre (warm, bright, soft, clear). */
export const OPENAI_VOICES = ['nova', 'shimmer', 'coral', 'sage'] as const;

/** OpenAI-compatible `POST {base}/audio/speech` (OpenAI, and local servers that copy it) → MP3. */
export function createOpenAiTts(options: OpenAiTtsOptions): TtsPort {
  const { baseUrl, apiKey, model, timeoutMs } = options;
  const voices = options.voices?.length ? options.voices : OPENAI_VOICES;
  return {
    adapter: 'openai',
    offline: false,
    describe: () => `tts: OpenAI-compatible speech at ${new URL(baseUrl).host}, model ${model}`,
    async synthesize({ text, voice, signal }) {
      const index = Math.abs(Math.trunc(voice.timbre)) % Math.max(TIMBRES, 1);
      return postForAudio(
        `${baseUrl}/audio/speech`,
        {
          model,
          input: text,
          voice: voices[index % voices.length],
          response_format: 'mp3',
          // OpenAI takes 0.25–4; her rate stays near 1.
          speed: Math.round(voice.rate * 100) / 100,
        },
        {
          headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
          timeoutMs,
          signal,
        },
      );
    },
  };
}
