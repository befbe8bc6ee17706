/**
 * The voice words the chat shows before any voice code loads (the attachment, «Послушать»): apart from
 * texts.ts, so the chat's first load carries these few and not the recorder's (DESIGN §8).
 */
export const VOICE_LABELS = {
  /** The attachment (000 §2 "voice") and its button's name. */
  attach: 'Голосовое',
  attachName: 'Записать голосовое сообщение',
  listen: 'Послушать',
  stopListening: 'Остановить',
  listenLoading: 'Загружаем голос…',
  /** The call attachment (000 §2 "call") and its button's name. */
  call: 'Звонок',
  callName: 'Голосовой звонок',
} as const;
