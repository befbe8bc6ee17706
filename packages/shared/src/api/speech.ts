import { z } from 'zod';

/** 001 §3 "Transcription result": the recognised text and how sure the service is (0–1). */
export const transcriptionSchema = z.object({
  text: z.string(),
  confidence: z.number().min(0).max(1),
});
export type Transcription = z.infer<typeof transcriptionSchema>;

/** POST /api/speech/transcribe (001 §7): multipart `file` (webm) → the recognised text. */
export const transcribeResponseSchema = z.object({
  success: z.literal(true),
  transcription: transcriptionSchema,
});
export type TranscribeResponse = z.infer<typeof transcribeResponseSchema>;
