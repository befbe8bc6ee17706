/**
 * Voice messages (issue 15; 001 §4 "Voice message", §8, §9): the recorder's numbers and every text of
 * a voice message and its transcription. The recognised text is sent by the web app as the user's own
 * message (the normal send path), so it is counted and answered like any message.
 */

/** 001 §4, §9: the numbers of a voice message. */
export const VOICE_MESSAGE = {
  /** The recorder dialog stops recording after this many seconds (maxRecordingTime's default). */
  dialogMaxSeconds: 60,
  /** The recorder itself never records longer than this (and the server accepts no longer). */
  recorderMaxSeconds: 180,
  /** Audio is recorded 16 kHz mono and sent as webm. */
  sampleRateHz: 16_000,
  channels: 1,
  mimeType: 'audio/webm',
  /** The recognised-text toast shows its first 50 characters for 3 s. */
  toastChars: 50,
  toastMs: 3000,
  /** A voice call's transcript is shown for 3 s. */
  transcriptDisplayMs: 3000,
  /**
   * The largest upload POST /api/speech/transcribe accepts: 180 s of audio is ~0.5 MB of opus and
   * ~5.8 MB of 16 kHz 16-bit PCM WAV, so 8 MB leaves room for any of the accepted containers.
   */
  maxBytes: 8 * 1024 * 1024,
} as const;

/** The audio containers POST /api/speech/transcribe accepts (checked by their bytes, not only the declared type). */
export const VOICE_AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/wav', 'audio/mp4'] as const;
export type VoiceAudioType = (typeof VOICE_AUDIO_TYPES)[number];

/** 001 §8: every voice-message and transcription text, exact where the spec has it. */
export const VOICE_TEXTS = {
  /** 401: no session. */
  authRequired: 'Требуется авторизация для голосовых сообщений',
  /** 400: not audio, or audio the service cannot read. */
  badAudio: 'Неверный формат аудио. Попробуйте снова.',
  /** 503: no speech-to-text configured, or the service is down. */
  unavailable: 'Сервис распознавания речи недоступен. Попробуйте позже.',
  /** Any other failure, when the server gave no detail. */
  failed: 'Ошибка распознавания речи. Попробуйте снова.',
  /** 413 (ours): longer than the recorder's 180 s can make. */
  tooLarge: `Голосовое сообщение слишком большое (не длиннее ${VOICE_MESSAGE.recorderMaxSeconds / 60} минут)`,
  /** 429 (ours): too many transcriptions in a short time. */
  tooMany: 'Слишком много голосовых сообщений. Подождите немного.',
  /** The recorder (001 §8 "Voice message"). */
  notSupported: 'Твой браузер не поддерживает запись аудио',
  startFailed: 'Не удалось начать запись. Проверьте разрешения микрофона.',
  noAudio: 'Не удалось получить аудиозапись',
  notRecognised: 'Не удалось распознать речь',
} as const;
export type VoiceText = (typeof VOICE_TEXTS)[keyof typeof VOICE_TEXTS];
