import { VOICE_TEXTS } from '@podruga/shared';
import type { ProviderInfo } from '../port.ts';

/** What the speech module asks of any speech-to-text adapter (DESIGN §4). */
export interface SttRequest {
  /** The recording's bytes, already known to be one of `SttAudioType`. */
  audio: Buffer;
  contentType: SttAudioType;
  language: 'ru';
  signal?: AbortSignal;
}

/** The containers the adapters are handed (the route checks the bytes: modules/speech/audio-format.ts). */
export type SttAudioType = 'audio/webm' | 'audio/ogg' | 'audio/wav' | 'audio/mp4';

export interface SttResult {
  /** The recognised text, trimmed, never empty. */
  text: string;
  /** 0–1: how sure the service is (`UNKNOWN_CONFIDENCE` when it gives no measure). */
  confidence: number;
}

/** Turns a short recording into text. Wire formats stay inside the adapters. */
export interface SttPort extends ProviderInfo {
  transcribe(request: SttRequest): Promise<SttResult>;
}

/**
 * - `unavailable`: none configured, unreachable, timed out, refused our key, overloaded (5xx) or
 *   rate-limited (429): try later;
 * - `bad_audio`: the service could not read the recording (400, 413, 415, 422);
 * - `bad_response`: an answer we cannot read;
 * - `no_speech`: it read the recording and heard no words.
 */
export type SttErrorKind = 'unavailable' | 'bad_audio' | 'bad_response' | 'no_speech';

/** Russian texts the user sees (001 §8); the provider's own body is never passed on. */
export const STT_ERROR_MESSAGES: Record<SttErrorKind, string> = {
  unavailable: VOICE_TEXTS.unavailable,
  bad_audio: VOICE_TEXTS.badAudio,
  bad_response: VOICE_TEXTS.failed,
  no_speech: VOICE_TEXTS.notRecognised,
};

/** A failed transcription, classified; `cause` is for the log only. */
export class SttError extends Error {
  override name = 'SttError';
  constructor(
    readonly kind: SttErrorKind,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`speech-to-text: ${kind}${status ? ` (HTTP ${status})` : ''}`, options);
  }
}

/** An HTTP status of the service as one of our kinds. */
export function sttErrorKindForStatus(status: number): SttErrorKind {
  if ([400, 413, 415, 422].includes(status)) return 'bad_audio';
  return 'unavailable';
}

/** The confidence reported when the service gives no measure of its own: its text is taken as is. */
export const UNKNOWN_CONFIDENCE = 1;
