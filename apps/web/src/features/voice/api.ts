import { REQUEST_TIMEOUT_MS, type TranscribeResponse } from '@podruga/shared';
import { ApiError, api, isApiError } from '../../shared/api/index.ts';
import { readToken } from '../auth/persist.ts';
import { VOICE_TEXTS, VoiceError } from './texts.ts';

/** 001 §3 "Transcription result" (packages/shared api/speech.ts). */
export type Transcription = TranscribeResponse['transcription'];

export const TRANSCRIBE_PATH = '/api/speech/transcribe';

/** GET /api/messages/{message_id}/speech: her message spoken. */
export function speechPath(messageId: string): string {
  return `/api/messages/${encodeURIComponent(messageId)}/speech`;
}

/** The file name the recording is uploaded under, from its container. */
export function audioFileName(type: string): string {
  if (type.startsWith('audio/ogg')) return 'voice.ogg';
  if (type.startsWith('audio/mp4')) return 'voice.m4a';
  if (type.startsWith('audio/wav')) return 'voice.wav';
  return 'voice.webm';
}

/**
 * POST /api/speech/transcribe (001 §7): the recording as multipart `file` → the recognised text.
 * Failures are thrown as the API client's errors; `transcribeErrorText` words them.
 */
export async function transcribe(audio: Blob): Promise<Transcription> {
  const formData = new FormData();
  formData.append('file', audio, audioFileName(audio.type));
  const body = await api.post<unknown>(TRANSCRIBE_PATH, { formData });
  const transcription = (body as { transcription?: Partial<Transcription> } | null)?.transcription;
  if (typeof transcription?.text !== 'string') throw new VoiceError(VOICE_TEXTS.failed);
  const confidence = typeof transcription.confidence === 'number' ? transcription.confidence : 0;
  return { text: transcription.text, confidence };
}

/** The server has no speech-to-text (or it is down): 001 §8's 503. */
export function isSttUnavailable(error: unknown): boolean {
  return isApiError(error) && error.status === 503;
}

/** 001 §8 "Transcription": the server's detail, else the status's text, else the generic one. */
export function transcribeErrorText(error: unknown): string {
  if (error instanceof VoiceError) return error.message;
  if (!isApiError(error)) return VOICE_TEXTS.failed;
  if (error.hasServerDetail || error.code === 'network') return error.detail;
  if (error.status === 401) return VOICE_TEXTS.authRequired;
  if (error.status === 400) return VOICE_TEXTS.badAudio;
  if (error.status === 503) return VOICE_TEXTS.unavailable;
  return VOICE_TEXTS.failed;
}

export interface SpeechDeps {
  fetch: typeof fetch;
  getToken: () => string | null;
  timeoutMs: number;
}

const defaultSpeechDeps: SpeechDeps = {
  fetch: (input, init) => fetch(input, init),
  getToken: readToken,
  timeoutMs: REQUEST_TIMEOUT_MS,
};

/**
 * Her message spoken: the audio bytes of GET /api/messages/{id}/speech. Read as a blob (the API client
 * reads text); an error answer is thrown as an ApiError with the server's `{detail}`.
 */
export async function fetchSpeech(messageId: string, deps: SpeechDeps = defaultSpeechDeps): Promise<Blob> {
  const token = deps.getToken();
  const headers: Record<string, string> = { Accept: 'audio/*' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deps.timeoutMs);
  let response: Response;
  try {
    response = await deps.fetch(speechPath(messageId), { headers, signal: controller.signal });
  } catch {
    clearTimeout(timer);
    throw ApiError.network();
  }
  try {
    if (!response.ok) {
      let body: unknown = null;
      try {
        body = JSON.parse(await response.text()) as unknown;
      } catch {
        body = null;
      }
      throw ApiError.fromBody(response.status, body);
    }
    const blob = await response.blob().catch(() => {
      throw ApiError.network();
    });
    if (blob.size === 0) throw ApiError.fromBody(502, null);
    return blob;
  } finally {
    clearTimeout(timer);
  }
}
