/**
 * Voice messages (issue 15; 001 §4 "Voice message", §8, §9): the numbers and texts the web app needs.
 * VOICE_MESSAGE and VOICE_TEXTS are the shared contract's (`packages/shared/src/voice.ts`); the
 * recorder's own words are below.
 */

import { VOICE_MESSAGE } from '@podruga/shared';

/** 001 §4, §9 and §8: the numbers and the exact texts, from the shared contract. */
export { VOICE_MESSAGE, VOICE_TEXTS } from '@podruga/shared';

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
