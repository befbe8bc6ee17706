/**
 * Voice calls with her (issue 15; 000 §3–§4, 001 §2–§4, §7–§9; DESIGN §4–§5): the numbers, statuses
 * and every text of a call. Two ways to carry a call, chosen by the server at start:
 * - `elevenlabs`: an ElevenLabs Conversational AI agent per companion; the server hands the browser a
 *   signed URL (the key never leaves the server) and the web app loads `@elevenlabs/client` lazily.
 * - `pipeline`: our own, over the socket.io namespace `VOICE_CALL.namespace` (realtime/voice.ts):
 *   microphone PCM in (or, with no speech-to-text on the server, the browser's own recognition as
 *   text), speech-to-text, the LLM with her persona, text-to-speech out per sentence; turn-taking by
 *   voice activity detection and barge-in.
 * The daily voice seconds (TIER_LIMITS.voiceSecondsPerDay) are checked before a call starts, the call
 * is ended at the limit, and its real duration is counted (never more than what was left).
 */

export const VOICE_CALL = {
  /** socket.io namespace of the pipeline (same path /socket.io, same session token). */
  namespace: '/voice',
  /** Microphone audio of the pipeline: 16 kHz mono signed 16-bit little-endian PCM. */
  sampleRateHz: 16_000,
  /** The client sends one frame of this many milliseconds per `voice:audio` event. */
  frameMs: 100,
  /** The largest `voice:audio` frame the server takes (0.5 s of PCM); bigger ones are dropped. */
  maxFrameBytes: 16_000,
  /** 001 §4: a transcript line shows for 3 s. */
  transcriptDisplayMs: 3000,
  /** A call that has not connected within this long is ended as missed. */
  connectTimeoutMs: 20_000,
  /**
   * A call whose client never reported its end is closed by the server this long after its limit
   * would have ended it (charging up to the limit).
   */
  endGraceSeconds: 30,
  /** The dialog warns when this many seconds are left. */
  warnSecondsLeft: 10,
} as const;

export const VOICE_CALL_MODES = ['elevenlabs', 'pipeline'] as const;
export type VoiceCallMode = (typeof VOICE_CALL_MODES)[number];

/** Where the pipeline hears the user: the server's speech-to-text, or the browser's recognition. */
export type VoiceCallStt = 'server' | 'browser';

/**
 * A voice_call message's `voice_call_status` (000 §3–§4): `active` while the call goes on, then
 * completed (hung up), missed (never connected), failed (an error ended it) or limit_reached.
 */
export const VOICE_CALL_STATUSES = ['active', 'completed', 'missed', 'failed', 'limit_reached'] as const;
export type VoiceCallStatus = (typeof VOICE_CALL_STATUSES)[number];

/** Why a call ended, as the client or the server says it. */
export const VOICE_CALL_END_REASONS = ['hangup', 'limit', 'error', 'missed'] as const;
export type VoiceCallEndReason = (typeof VOICE_CALL_END_REASONS)[number];

/** The dialog's states (001 §4). */
export type VoiceCallState = 'idle' | 'connecting' | 'connected' | 'error';
/** Who holds the turn (the voice service's "mode change"). */
export type VoiceCallTurn = 'listening' | 'thinking' | 'speaking';

/** 000 §4, 001 §4, §8: every voice-call text, exact where the spec has it. */
export const VOICE_CALL_TEXTS = {
  /** The chat entry's title. */
  entryTitle: 'Голосовой звонок',
  /** Chat, after the call started. */
  started: 'Голосовой звонок начат',
  /** Chat, the agent could not be found or made. */
  startFailed: 'Не удалось начать голосовой звонок. Попробуйте позже.',
  /** Chat: `Ошибка голосового звонка: {message or Неизвестная ошибка}`. */
  errorPrefix: 'Ошибка голосового звонка: ',
  unknownError: 'Неизвестная ошибка',
  /** Dialog. */
  noAgent: 'Не удалось найти голосового агента для подруги',
  callFailed: 'Не удалось начать звонок',
  connectFailed: 'Не удалось установить соединение',
  connectionError: 'Ошибка соединения',
  retry: 'Попробовать снова',
  /** Ours: the dialog's own labels. */
  start: 'Позвонить',
  hangUp: 'Завершить звонок',
  connecting: 'Соединение…',
  listening: 'Слушает',
  thinking: 'Думает…',
  speaking: 'Говорит',
  /** 001 §8: iOS, microphone denied. */
  iosMicDenied:
    'Нет доступа к микрофону. Откройте Настройки → Safari → Микрофон и разрешите доступ, затем попробуйте снова.',
  micDenied: 'Нет доступа к микрофону. Разрешите его в настройках браузера и попробуйте снова.',
  micMissing: 'Микрофон не найден',
  /** Ours: the daily voice seconds are spent (429). */
  limitReached: 'На сегодня время звонков закончилось. Лимит обновится в полночь по Москве.',
  /** Ours: `{time}` left warning, and the limit ending a call in progress. */
  endsSoon: 'Звонок скоро завершится: заканчивается дневной лимит',
  endedAtLimit: 'Звонок завершён: дневной лимит звонков исчерпан',
  /** Ours: the way to more minutes after the limit (non-Plus). */
  moreMinutes: 'Больше минут с Plus',
  /** Ours: a second call while one is going on (409). */
  alreadyActive: 'Звонок уже идёт',
  /** Ours: the browser cannot carry a call (no microphone API, no recognition where it is needed). */
  notSupported: 'Твой браузер не поддерживает голосовые звонки',
  /** Ours: the voice service (agent, speech) is down (503). */
  unavailable: 'Голосовые звонки сейчас недоступны. Попробуйте позже.',
  /** The entry labels (000 §4). */
  labelCompleted: 'Завершено',
  labelMissed: 'Пропущенный',
  labelFailed: 'Неудавшийся',
} as const;
export type VoiceCallText = (typeof VOICE_CALL_TEXTS)[keyof typeof VOICE_CALL_TEXTS];

/** The chat's error line for a call that failed: «Ошибка голосового звонка: {message or Неизвестная ошибка}». */
export function voiceCallErrorText(message: string | null | undefined): string {
  return `${VOICE_CALL_TEXTS.errorPrefix}${message?.trim() || VOICE_CALL_TEXTS.unknownError}`;
}
