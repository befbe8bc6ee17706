import type { ProviderInfo } from '../port.ts';

/**
 * Her voice, described without any vendor's names: each adapter maps it to one of its own voices.
 * Chosen from her traits by modules/speech/her-voice.ts; the same companion always gets the same one.
 */
export interface VoiceChoice {
  gender: 'female';
  /** -1 (low) … 1 (high); 0 is the voice's own pitch. */
  pitch: number;
  /** Speaking speed: 0.8 (slow) … 1.2 (quick); 1 is normal. */
  rate: number;
  /** Which of a small family of voices (0 … TIMBRES - 1): warm, bright, soft, clear… */
  timbre: number;
}

/** How many timbres a choice picks from; adapters keep a list of this many voices. */
export const TIMBRES = 4;

export interface SynthesisRequest {
  /** Plain Russian text, already cleaned for speech (no emoji, no markers). */
  text: string;
  voice: VoiceChoice;
  signal?: AbortSignal;
}

export interface SynthesizedSpeech {
  audio: Buffer;
  /** audio/mpeg, audio/wav. */
  contentType: string;
}

export interface TtsPort extends ProviderInfo {
  synthesize(request: SynthesisRequest): Promise<SynthesizedSpeech>;
}

/**
 * Why speech could not be made: `unavailable` (network, timeout, 5xx, a worker that died),
 * `rate_limited` (429 or a full queue), `rejected` (401/403/4xx: the key or the request is wrong),
 * `bad_response` (not audio, or no audio at all).
 */
export type TtsErrorKind = 'unavailable' | 'rate_limited' | 'rejected' | 'bad_response';

/** What a user may be told for each kind (the route answers 503 with it). */
export const TTS_ERROR_TEXTS: Record<TtsErrorKind, string> = {
  unavailable: 'Озвучка сейчас недоступна. Попробуйте позже',
  rate_limited: 'Слишком много запросов на озвучку. Попробуйте через минуту',
  rejected: 'Сервис озвучки отклонил запрос. Попробуйте позже',
  bad_response: 'Сервис озвучки вернул неверный ответ. Попробуйте позже',
};

export class TtsError extends Error {
  override name = 'TtsError';
  constructor(
    readonly kind: TtsErrorKind,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`tts provider failed: ${kind}${status ? ` (HTTP ${status})` : ''}`, options);
  }

  /** The Russian text for the user. */
  get userText(): string {
    return TTS_ERROR_TEXTS[this.kind];
  }
}

export function ttsErrorKindForStatus(status: number): TtsErrorKind {
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'rejected';
}
