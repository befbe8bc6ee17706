import audioConcatProcessorUrl from '@elevenlabs/client/worklets/audioConcatProcessor.js?url';
import rawAudioProcessorUrl from '@elevenlabs/client/worklets/rawAudioProcessor.js?url';
import { VOICE_CALL_TEXTS } from '@podruga/shared';
import { microphoneErrorText } from './device.ts';
import { CallError, type CallSession, type CallSessionEvents } from './session.ts';

/** The part of `@elevenlabs/client`'s conversation the call uses. */
export interface ElevenLabsConversation {
  endSession(): Promise<void>;
}

/** `Conversation.startSession` (tests pass a fake; the app loads the package on the first such call). */
export type StartElevenLabs = (options: {
  signedUrl: string;
  connectionType: 'websocket';
  workletPaths: { rawAudioProcessor: string; audioConcatProcessor: string };
  onConnect: (props: { conversationId: string }) => void;
  onDisconnect: (details: { reason: 'error' | 'agent' | 'user'; message?: string }) => void;
  onError: (message: string, context?: unknown) => void;
  onMessage: (props: { message: string; role: 'user' | 'agent' }) => void;
  onModeChange: (props: { mode: 'speaking' | 'listening' }) => void;
}) => Promise<ElevenLabsConversation>;

/** `@elevenlabs/client` (with livekit inside: far too big for any first load) is fetched here only. */
export const startElevenLabs: StartElevenLabs = async (options) => {
  const { Conversation } = await import('@elevenlabs/client');
  return Conversation.startSession(options);
};

/**
 * A call with her ElevenLabs Conversational AI agent: the server's signed URL (the key stays on the
 * server), a websocket connection, the package's callbacks turned into the dialog's events. The
 * package's audio worklets are served from this origin (no blob: in the CSP).
 */
export class ElevenLabsSession implements CallSession {
  readonly mode = 'elevenlabs' as const;
  private conversation: ElevenLabsConversation | null = null;
  private id: string | null = null;
  private ended = false;

  constructor(
    private readonly signedUrl: string,
    private readonly startSession: StartElevenLabs = startElevenLabs,
  ) {}

  conversationId(): string | null {
    return this.id;
  }

  async start(events: CallSessionEvents): Promise<void> {
    let connected = false;
    try {
      const conversation = await this.startSession({
        signedUrl: this.signedUrl,
        connectionType: 'websocket',
        workletPaths: {
          rawAudioProcessor: rawAudioProcessorUrl,
          audioConcatProcessor: audioConcatProcessorUrl,
        },
        onConnect: ({ conversationId }) => {
          this.id = conversationId || null;
          connected = true;
          events.onConnect({});
        },
        onDisconnect: (details) => {
          if (this.ended || !connected) return;
          this.ended = true;
          if (details.reason === 'error')
            events.onError(details.message?.trim() || VOICE_CALL_TEXTS.connectionError);
          else if (details.reason === 'agent') events.onDisconnect({});
        },
        onError: (message) => {
          if (this.ended || !connected) return;
          void this.end();
          events.onError(message?.trim() || VOICE_CALL_TEXTS.connectionError);
        },
        onMessage: ({ message, role }) => {
          if (!message?.trim()) return;
          if (role === 'user') {
            events.onUserTranscript(message);
            // Her answer is on its way: until she speaks she is thinking.
            events.onModeChange('thinking');
          } else events.onAgentResponse(message);
        },
        onModeChange: ({ mode }) => events.onModeChange(mode === 'speaking' ? 'speaking' : 'listening'),
      });
      this.conversation = conversation;
      if (this.ended) await conversation.endSession().catch(() => {});
    } catch (error) {
      if (error instanceof CallError) throw error;
      const name = (error as { name?: unknown } | null)?.name;
      if (typeof name === 'string' && /NotAllowed|NotFound|Permission|Security|Overconstrained/.test(name))
        throw new CallError(microphoneErrorText(error));
      throw new CallError(VOICE_CALL_TEXTS.connectFailed);
    }
  }

  async end(): Promise<void> {
    if (this.ended && !this.conversation) return;
    this.ended = true;
    const conversation = this.conversation;
    this.conversation = null;
    await conversation?.endSession().catch(() => {});
  }
}
