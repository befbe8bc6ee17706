import { type TranscribeResponse, VOICE_TEXTS } from '@podruga/shared';

import type { UserRow } from '../../db/schema/index.ts';
import { AppError, errors } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { SttError, type SttErrorKind, type SttPort } from '../../providers/stt/port.ts';
import { sniffAudio } from './audio-format.ts';

/** Each failure of the port as the answer the client gets (001 §8's texts). */
const ANSWERS: Record<SttErrorKind, () => AppError> = {
  unavailable: () => new AppError(503, 'service_unavailable', VOICE_TEXTS.unavailable),
  bad_audio: () => errors.validation(VOICE_TEXTS.badAudio),
  bad_response: () => new AppError(502, 'provider_error', VOICE_TEXTS.failed),
  no_speech: () => new AppError(422, 'validation_failed', VOICE_TEXTS.notRecognised),
};

/**
 * Voice messages (001 §4): a recording in, its text out. The text is not stored or sent here: the web
 * app sends it as the user's message, so it is counted and answered like any other.
 */
export class SpeechService {
  constructor(private readonly deps: { stt: SttPort; log: Logger }) {}

  async transcribe(user: UserRow, audio: Buffer, signal?: AbortSignal): Promise<TranscribeResponse> {
    const contentType = sniffAudio(audio);
    if (!contentType) throw errors.validation(VOICE_TEXTS.badAudio);
    try {
      const transcription = await this.deps.stt.transcribe({ audio, contentType, language: 'ru', signal });
      return { success: true, transcription };
    } catch (error) {
      if (!(error instanceof SttError)) throw error;
      if (!this.deps.stt.offline && error.kind !== 'no_speech') {
        this.deps.log.warn(
          { err: error, userId: user.id, bytes: audio.length, contentType },
          'speech-to-text failed',
        );
      }
      throw ANSWERS[error.kind]();
    }
  }
}
