import type { Message, VoiceCallMode, VoiceCallTurn } from '@podruga/shared';

/**
 * What a call tells the dialog (001 §4 "Events from the voice service": connect, disconnect, error, mode
 * change, user transcript, agent response). Both ways of carrying a call speak through these.
 */
export interface CallSessionEvents {
  /** The call is up. `remainingSeconds`: the server's own count at this moment, when it gives one. */
  onConnect(info: { remainingSeconds?: number | undefined }): void;
  /**
   * The other side ended the call (her agent hung up, the server ended it at the limit). `entry`: the
   * chat's voice_call entry as the server stored it, when it came with the end.
   */
  onDisconnect(info: { entry?: Message | undefined; limit?: boolean | undefined }): void;
  /** The call broke; the text is shown as it is (already in Russian, or a fallback). */
  onError(message: string): void;
  onModeChange(turn: VoiceCallTurn): void;
  onUserTranscript(text: string): void;
  onAgentResponse(text: string): void;
}

/** One call, however it is carried (ElevenLabs' agent, or our own pipeline over the socket). */
export interface CallSession {
  readonly mode: VoiceCallMode;
  /** Connects. Resolves once the call is up (after `onConnect`); rejects with a `CallError` when it cannot. */
  start(events: CallSessionEvents): Promise<void>;
  /** Ends it from this side (hang-up, the limit, closing the dialog): stops the microphone and sound. Idempotent. */
  end(): Promise<void>;
  /** ElevenLabs' conversation id once known (the server asks the API for the real duration); else null. */
  conversationId(): string | null;
}

/** A failure with the text to show (VOICE_CALL_TEXTS or the server's own). */
export class CallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallError';
  }
}
