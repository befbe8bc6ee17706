import { MESSAGE_MAX_CHARS } from '@podruga/shared';
import {
  type SttAudioType,
  SttError,
  type SttPort,
  type SttResult,
  sttErrorKindForStatus,
  UNKNOWN_CONFIDENCE,
} from './port.ts';

export interface OpenAiSttOptions {
  /** Without a trailing slash, e.g. https://api.openai.com/v1 or http://whisper:8080. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** /audio/transcriptions (OpenAI, vLLM, faster-whisper) or /inference (whisper.cpp). */
  path: string;
  timeoutMs: number;
}

/** OpenAI decides the format by the file name's extension, so each container gets its own. */
const FILE_NAMES: Record<SttAudioType, string> = {
  'audio/webm': 'voice.webm',
  'audio/ogg': 'voice.ogg',
  'audio/wav': 'voice.wav',
  'audio/mp4': 'voice.m4a',
};

/**
 * OpenAI-compatible transcription (PROVIDERS.md §5): `POST {base}{path}` multipart `file, model,
 * language=ru, response_format=verbose_json` (`json` for the gpt-4o models) → `{text, segments?}`. whisper.cpp's `whisper-server`
 * takes the same form at `/inference` (it reads WAV unless started with `--convert`).
 */
export function createOpenAiStt(options: OpenAiSttOptions): SttPort {
  const { baseUrl, apiKey, model, path, timeoutMs } = options;
  const url = `${baseUrl}${path}`;
  return {
    adapter: 'openai',
    offline: false,
    describe: () => `stt: OpenAI-compatible transcription at ${new URL(baseUrl).host}${path}, model ${model}`,
    async transcribe({ audio, contentType, language, signal }) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(audio)], { type: contentType }), FILE_NAMES[contentType]);
      form.append('model', model);
      form.append('language', language);
      form.append('response_format', responseFormatFor(model));
      const timeout = AbortSignal.timeout(timeoutMs);
      const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
          body: form,
          signal: both,
        });
      } catch (error) {
        throw new SttError('unavailable', undefined, { cause: error });
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new SttError(sttErrorKindForStatus(response.status), response.status);
      }
      let answer: unknown;
      try {
        answer = await response.json();
      } catch (error) {
        // A timeout while reading the body lands here too.
        const kind = both.aborted ? 'unavailable' : 'bad_response';
        throw new SttError(kind, undefined, { cause: error });
      }
      return readTranscription(answer);
    },
  };
}

/**
 * Whisper models give `verbose_json` (segments with their log-probabilities, for the confidence);
 * OpenAI's gpt-4o transcription models accept only `json` (text alone).
 */
export function responseFormatFor(model: string): 'verbose_json' | 'json' {
  return /(^|\/)gpt-4o/i.test(model) ? 'json' : 'verbose_json';
}

interface Segment {
  avg_logprob?: unknown;
  start?: unknown;
  end?: unknown;
}

/** `{text, segments?}` → our result; anything else is a bad response, no words is `no_speech`. */
export function readTranscription(answer: unknown): SttResult {
  if (typeof answer !== 'object' || answer === null || !('text' in answer)) {
    throw new SttError('bad_response');
  }
  const { text } = answer as { text: unknown };
  if (typeof text !== 'string') throw new SttError('bad_response');
  const clean = cleanText(text);
  if (!clean) throw new SttError('no_speech');
  const segments = 'segments' in answer ? (answer as { segments: unknown }).segments : undefined;
  return { text: clean, confidence: confidenceOf(segments) };
}

/**
 * One line of plain text, as the user's message will carry it: control and format characters
 * dropped (the send path refuses them), whitespace collapsed, no longer than a message may be.
 */
function cleanText(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MESSAGE_MAX_CHARS)
    .trim();
}

/**
 * Whisper's `verbose_json` gives each segment's mean token log-probability: the confidence is
 * e^(their mean, weighted by each segment's duration), within 0–1. No usable segments:
 * `UNKNOWN_CONFIDENCE`.
 */
function confidenceOf(segments: unknown): number {
  if (!Array.isArray(segments)) return UNKNOWN_CONFIDENCE;
  let sum = 0;
  let weight = 0;
  for (const segment of segments as Segment[]) {
    const logprob = segment?.avg_logprob;
    if (typeof logprob !== 'number' || !Number.isFinite(logprob)) continue;
    const { start, end } = segment;
    const span = typeof start === 'number' && typeof end === 'number' && end > start ? end - start : 1;
    sum += Math.min(0, logprob) * span;
    weight += span;
  }
  if (weight === 0) return UNKNOWN_CONFIDENCE;
  return Math.round(Math.min(1, Math.max(0, Math.exp(sum / weight))) * 1000) / 1000;
}
