/**
 * Voice messages (issue 15; 001 §4 "Voice message", §8, §9): the numbers and texts the web app needs.
 * VOICE_MESSAGE and VOICE_TEXTS mirror `packages/shared/src/voice.ts` (built in parallel by the
 * speech-to-text work) name for name; at the merge they are imported from `@podruga/shared` instead.
 */

/** 001 §4, §9: the numbers of a voice message. */
export const VOICE_MESSAGE = {
  /** The recorder dialog stops recording after this many seconds (maxRecordingTime's default). */
  dialogMaxSeconds: 60,
  /** The recorder itself never records longer than this. */
  recorderMaxSeconds: 180,
  /** Audio is recorded 16 kHz mono and sent as webm. */
  sampleRateHz: 16_000,
  channels: 1,
  mimeType: 'audio/webm',
  /** The recognised-text toast shows its first 50 characters for 3 s. */
  toastChars: 50,
  toastMs: 3000,
} as const;

/** 001 §8: every voice-message and transcription text, exact. */
export const VOICE_TEXTS = {
  /** 401: no session. */
  authRequired: 'Требуется авторизация для голосовых сообщений',
  /** 400: not audio, or audio the service cannot read. */
  badAudio: 'Неверный формат аудио. Попробуйте снова.',
  /** 503: no speech-to-text configured, or the service is down. */
  unavailable: 'Сервис распознавания речи недоступен. Попробуйте позже.',
  /** Any other failure, when the server gave no detail. */
  failed: 'Ошибка распознавания речи. Попробуйте снова.',
  /** The recorder (001 §8 "Voice message"). */
  notSupported: 'Твой браузер не поддерживает запись аудио',
  startFailed: 'Не удалось начать запись. Проверьте разрешения микрофона.',
  noAudio: 'Не удалось получить аудиозапись',
  notRecognised: 'Не удалось распознать речь',
} as const;

/** The recorder dialog's and the player's own words (the spec shows none for these). */
export const VOICE_UI = {
  title: 'Голосовое сообщение',
  readyHint: (maxSeconds: number) => `Нажмите «Начать запись» и говорите — до ${formatSeconds(maxSeconds)}.`,
  browserHint: 'Речь распознает ваш браузер, пока вы говорите.',
  /** After the server answered 503: the recording is gone, the browser recognises the next one. */
  retryInBrowser: 'Сервер не распознаёт речь — её распознает ваш браузер. Запишите сообщение ещё раз.',
  start: 'Начать запись',
  stop: 'Отправить',
  cancel: 'Отменить',
  retry: 'Попробовать снова',
  close: 'Закрыть',
  recording: 'Идёт запись',
  processing: 'Распознаём речь…',
  /** The toast with the recognised text's first 50 characters. */
  recognised: (text: string) => `Распознано: ${text}`,
  listenFailed: 'Не удалось воспроизвести голос. Попробуйте позже.',
} as const;

/** Seconds as m:ss ("0:07", "1:00"). */
export function formatSeconds(total: number): string {
  const whole = Math.max(0, Math.floor(total));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The recognised text as the toast shows it: its first 50 characters, an ellipsis when cut. */
export function recognisedToast(text: string): string {
  const chars = [...text.trim()];
  const head = chars.slice(0, VOICE_MESSAGE.toastChars).join('');
  return VOICE_UI.recognised(chars.length > VOICE_MESSAGE.toastChars ? `${head}…` : head);
}

/** A failure the recorder shows as it is: its `message` is one of the Russian texts above. */
export class VoiceError extends Error {
  constructor(text: string) {
    super(text);
    this.name = 'VoiceError';
  }
}
