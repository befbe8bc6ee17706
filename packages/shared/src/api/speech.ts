import { z } from 'zod';

/** 001 §3 "Transcription result": the recognised text and how sure the service is (0–1). */
export const transcriptionSchema = z.object({
  text: z.string(),
  confidence: z.number().min(0).max(1),
});
export type Transcription = z.infer<typeof transcriptionSchema>;

/**
 * POST /api/speech/transcribe (001 §7): multipart `file` (webm; ogg, wav and mp4 are taken too, known
 * by their bytes) → the recognised text. Errors are `{detail, code}` with `VOICE_TEXTS`:
 * 400 `badAudio` (not audio, or audio the service cannot read), 401 `authRequired` (no session),
 * 413 `tooLarge`, 422 `notRecognised` (no words heard), 429 `tooMany`, 502 `failed` (an answer the
 * server could not read), 503 `unavailable` (no speech service configured — then use the browser's
 * own recognition where it has one — or the service is down).
 */
export const transcribeResponseSchema = z.object({
  success: z.literal(true),
  transcription: transcriptionSchema,
});
export type TranscribeResponse = z.infer<typeof transcribeResponseSchema>;
