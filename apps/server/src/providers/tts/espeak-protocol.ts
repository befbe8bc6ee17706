import type { VoiceChoice } from './port.ts';

/** A text to speak, sent to the speech worker. */
export interface SpeakTask {
  id: number;
  text: string;
  voice: VoiceChoice;
}

/** The worker's answer: the WAV, or why not. */
export type SpeakReply =
  | { id: number; ok: true; wav: Uint8Array }
  | { id: number; ok: false; message: string };
