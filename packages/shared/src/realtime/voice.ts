/**
 * The voice-call pipeline's socket.io protocol (issue 15), on the namespace `VOICE_CALL.namespace` of
 * the same server and path as the chat (authenticated the same way: `auth: {token}` in the handshake).
 * One socket carries one call at a time. A call is started over HTTP first (POST
 * /api/voice-call/start/{characterId} → `call_id`, mode `pipeline`), then joined here.
 */
import type { Message } from '../api/messages.ts';
import type { VoiceCallStatus, VoiceCallStt, VoiceCallTurn } from '../voiceCall.ts';

export interface VoiceJoinPayload {
  call_id: string;
}
export type VoiceJoinAck =
  | {
      ok: true;
      stt: VoiceCallStt;
      /** Seconds until the server ends the call at the day's limit, counted from this ack. */
      remaining_seconds: number;
      /** Her first words are sent right after the ack as `voice:transcript` + `voice:audio`. */
      sample_rate_hz: number;
    }
  | { ok: false; error: string };

export interface VoiceAudioInPayload {
  call_id: string;
  /** `VOICE_CALL.frameMs` of 16 kHz mono s16le PCM. */
  pcm: ArrayBuffer | Uint8Array;
}
export interface VoiceTextInPayload {
  call_id: string;
  /** A finished utterance from the browser's recognition (stt `browser`), at most 1,000 characters. */
  text: string;
}
export interface VoiceCallRef {
  call_id: string;
}

export interface VoiceTurnPayload {
  call_id: string;
  mode: VoiceCallTurn;
}
export interface VoiceTranscriptPayload {
  call_id: string;
  role: 'user' | 'agent';
  text: string;
}
export interface VoiceAudioOutPayload {
  call_id: string;
  /** Her turn's number: audio of a turn that was interrupted is dropped by the client. */
  turn: number;
  /** The sentence's place within the turn. */
  seq: number;
  audio: ArrayBuffer | Uint8Array;
  /** audio/wav, audio/mpeg. */
  content_type: string;
}
export interface VoiceInterruptedPayload {
  call_id: string;
  /** The turn to stop playing. */
  turn: number;
}
export interface VoiceEndedPayload {
  call_id: string;
  status: Exclude<VoiceCallStatus, 'active'>;
  /** The chat's voice_call entry as stored at the end. */
  message: Message;
}
export interface VoiceErrorPayload {
  call_id: string;
  message: string;
}

export interface VoiceServerToClientEvents {
  'voice:turn': (p: VoiceTurnPayload) => void;
  'voice:transcript': (p: VoiceTranscriptPayload) => void;
  'voice:audio': (p: VoiceAudioOutPayload) => void;
  /** Barge-in: the user spoke over her; stop playing `turn`. */
  'voice:interrupted': (p: VoiceInterruptedPayload) => void;
  /** The call is over (hung up, the limit, an error); the socket may stay for the next call. */
  'voice:ended': (p: VoiceEndedPayload) => void;
  'voice:error': (p: VoiceErrorPayload) => void;
}

export interface VoiceClientToServerEvents {
  'voice:join': (p: VoiceJoinPayload, ack: (a: VoiceJoinAck) => void) => void;
  'voice:audio': (p: VoiceAudioInPayload) => void;
  'voice:text': (p: VoiceTextInPayload) => void;
  /** The browser heard the user start speaking over her (stt `browser`): stop her turn. */
  'voice:interrupt': (p: VoiceCallRef) => void;
  'voice:hangup': (p: VoiceCallRef) => void;
}
