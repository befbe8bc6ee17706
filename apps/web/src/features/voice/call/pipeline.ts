import {
  SOCKET_PATH,
  VOICE_CALL,
  VOICE_CALL_TEXTS,
  type VoiceCallStarted,
  type VoiceCallStt,
  type VoiceClientToServerEvents,
  type VoiceJoinAck,
  type VoiceServerToClientEvents,
} from '@podruga/shared';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { adminLogSocket } from '../../../shared/adminLog.ts';
import {
  type SpeechRecognitionCtor,
  type SpeechRecognitionLike,
  speechRecognitionCtor,
} from '../recognition.ts';
import { captureMicrophone, type MicCapture, SentencePlayer } from './audio.ts';
import { stopStream } from './device.ts';
import { CallError, type CallSession, type CallSessionEvents } from './session.ts';

export type VoiceSocket = Socket<VoiceServerToClientEvents, VoiceClientToServerEvents>;
export type VoiceSocketConnect = (
  namespace: string,
  options: Partial<ManagerOptions & SocketOptions>,
) => Promise<VoiceSocket>;

/** socket.io-client's own chunk, the chat's too: loaded when the first call connects. */
export const connectVoiceSocket: VoiceSocketConnect = async (namespace, options) => {
  const { io } = await import('socket.io-client');
  const socket = io(namespace, options);
  adminLogSocket(socket, 'voice');
  return socket;
};

export interface PipelineDeps {
  connect: VoiceSocketConnect;
  getToken: () => string | null;
  /** The call's AudioContext (primed in the tap that started it); null where the browser has none. */
  context: AudioContext | null;
  /** The microphone, opened before the call started (stt `server`: streamed; `browser`: released). */
  stream: MediaStream | null;
  recognition: SpeechRecognitionCtor | null;
  /** Taps the microphone (tests pass a fake). */
  capture?: typeof captureMicrophone;
  timeoutMs?: number;
}

/** An utterance from the browser's recogniser is sent at most this long (realtime/voice.ts). */
const MAX_TEXT = 1000;

/**
 * Our own pipeline (realtime/voice.ts): a socket on `VOICE_CALL.namespace` with the session's token;
 * `voice:join`; microphone PCM as `voice:audio` frames (or, with stt `browser`, the browser's recogniser's
 * utterances as `voice:text` and `voice:interrupt` when the user speaks over her); her sentences played
 * in order per turn, a turn dropped on `voice:interrupted`; `voice:ended` ends it.
 */
export class PipelineSession implements CallSession {
  readonly mode = 'pipeline' as const;
  private socket: VoiceSocket | null = null;
  private capture: MicCapture | null = null;
  private recognizer: SpeechRecognitionLike | null = null;
  private player: SentencePlayer | null = null;
  private ended = false;
  private connected = false;
  private events: CallSessionEvents | null = null;
  /** Her turn being played, for the browser recogniser's barge-in. */
  private speaking = false;
  private interruptSent = false;

  constructor(
    private readonly started: Pick<VoiceCallStarted, 'call_id' | 'stt'>,
    private readonly deps: PipelineDeps,
  ) {}

  conversationId(): null {
    return null;
  }

  async start(events: CallSessionEvents): Promise<void> {
    this.events = events;
    const callId = this.started.call_id;
    const timeoutMs = this.deps.timeoutMs ?? VOICE_CALL.connectTimeoutMs;
    const token = this.deps.getToken();
    if (!token) throw new CallError(VOICE_CALL_TEXTS.connectFailed);
    if (this.deps.context) this.player = new SentencePlayer(this.deps.context, (on) => this.onPlaying(on));

    let socket: VoiceSocket;
    try {
      socket = await this.deps.connect(VOICE_CALL.namespace, {
        path: SOCKET_PATH,
        auth: { token },
        transports: ['websocket'],
        // A call of its own: not the chat's connection, whose reconnects it must not share.
        forceNew: true,
        reconnection: false,
        timeout: timeoutMs,
      });
    } catch {
      throw new CallError(VOICE_CALL_TEXTS.connectFailed);
    }
    if (this.ended) {
      socket.disconnect();
      return;
    }
    this.socket = socket;
    this.listen(socket);

    const ack = await new Promise<VoiceJoinAck>((resolve) => {
      const timer = setTimeout(
        () => resolve({ ok: false, error: VOICE_CALL_TEXTS.connectFailed }),
        timeoutMs,
      );
      const fail = () => {
        clearTimeout(timer);
        resolve({ ok: false, error: VOICE_CALL_TEXTS.connectFailed });
      };
      socket.once('connect_error', fail);
      // Emitted once connected (socket.io buffers it until then); the ack's answer settles the join.
      socket.emit('voice:join', { call_id: callId }, (answer) => {
        clearTimeout(timer);
        socket.off('connect_error', fail);
        resolve(answer ?? { ok: false, error: VOICE_CALL_TEXTS.connectFailed });
      });
    });
    if (this.ended) return;
    if (!ack.ok) {
      await this.end();
      throw new CallError(ack.error?.trim() || VOICE_CALL_TEXTS.connectFailed);
    }
    try {
      await this.hear(ack.stt ?? this.started.stt);
    } catch (error) {
      await this.end();
      throw error;
    }
    this.connected = true;
    events.onConnect({ remainingSeconds: ack.remaining_seconds });
  }

  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.capture?.stop();
    this.capture = null;
    stopStream(this.deps.stream);
    const recognizer = this.recognizer;
    this.recognizer = null;
    try {
      recognizer?.abort();
    } catch {
      // Already ended.
    }
    this.player?.close();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      // The hang-up goes out before the disconnect packet (socket.io keeps the order).
      if (socket.connected) socket.emit('voice:hangup', { call_id: this.started.call_id });
      socket.disconnect();
    }
  }

  private listen(socket: VoiceSocket): void {
    const mine = (p: { call_id?: unknown } | null | undefined) => p?.call_id === this.started.call_id;
    socket.on('voice:turn', (p) => {
      if (mine(p)) this.events?.onModeChange(p.mode);
    });
    socket.on('voice:transcript', (p) => {
      if (!mine(p) || typeof p.text !== 'string' || !p.text.trim()) return;
      if (p.role === 'user') this.events?.onUserTranscript(p.text);
      else this.events?.onAgentResponse(p.text);
    });
    socket.on('voice:audio', (p) => {
      if (!mine(p) || !p.audio) return;
      this.player?.enqueue(Number(p.turn) || 0, Number(p.seq) || 0, p.audio);
    });
    socket.on('voice:interrupted', (p) => {
      if (mine(p)) this.player?.drop(Number(p.turn) || 0);
    });
    socket.on('voice:ended', (p) => {
      if (!mine(p) || this.ended) return;
      const events = this.events;
      void this.end();
      events?.onDisconnect({ entry: p.message, limit: p.status === 'limit_reached' });
    });
    socket.on('voice:error', (p) => {
      if (!mine(p) || this.ended) return;
      const events = this.events;
      void this.end();
      events?.onError(p.message?.trim() || VOICE_CALL_TEXTS.connectionError);
    });
    socket.on('disconnect', () => {
      if (this.ended || !this.connected) return;
      const events = this.events;
      void this.end();
      events?.onError(VOICE_CALL_TEXTS.connectionError);
    });
  }

  /** Starts listening to the user: the microphone's frames, or the browser's recogniser. */
  private async hear(stt: VoiceCallStt): Promise<void> {
    const callId = this.started.call_id;
    if (stt === 'server') {
      const { context, stream } = this.deps;
      if (!context || !stream) throw new CallError(VOICE_CALL_TEXTS.notSupported);
      const capture = this.deps.capture ?? captureMicrophone;
      this.capture = await capture(context, stream, (pcm) => {
        if (!this.ended && this.socket?.connected) this.socket.emit('voice:audio', { call_id: callId, pcm });
      });
      return;
    }
    // The browser hears the user itself; the stream opened for the permission is not needed.
    stopStream(this.deps.stream);
    const Ctor = this.deps.recognition ?? speechRecognitionCtor();
    if (!Ctor) throw new CallError(VOICE_CALL_TEXTS.notSupported);
    this.listenInBrowser(Ctor);
  }

  private listenInBrowser(Ctor: SpeechRecognitionCtor): void {
    const callId = this.started.call_id;
    const create = () => {
      const r = new Ctor();
      r.lang = 'ru-RU';
      r.continuous = true;
      r.interimResults = true;
      r.maxAlternatives = 1;
      r.onresult = (event) => {
        for (let i = event.resultIndex; i < event.results.length; i++) {
          const result = event.results[i];
          const text = (result?.[0]?.transcript ?? '').trim();
          if (!text) continue;
          // Words heard while she speaks: she stops (barge-in), once per her turn.
          if (this.speaking && !this.interruptSent) {
            this.interruptSent = true;
            this.player?.dropAll();
            this.socket?.emit('voice:interrupt', { call_id: callId });
          }
          if (result?.isFinal)
            this.socket?.emit('voice:text', { call_id: callId, text: text.slice(0, MAX_TEXT) });
        }
      };
      r.onerror = (event) => {
        if (event.error === 'not-allowed' || event.error === 'service-not-allowed') {
          const events = this.events;
          void this.end();
          events?.onError(VOICE_CALL_TEXTS.micDenied);
        }
      };
      // Browsers end a continuous recognition after a pause: it goes on until the call ends.
      r.onend = () => {
        if (this.ended || this.recognizer !== r) return;
        try {
          this.recognizer = create();
          this.recognizer.start();
        } catch {
          // A start refused now is tried again at the next end; nothing else to do.
        }
      };
      return r;
    };
    this.recognizer = create();
    try {
      this.recognizer.start();
    } catch {
      throw new CallError(VOICE_CALL_TEXTS.callFailed);
    }
  }

  private onPlaying(playing: boolean): void {
    this.speaking = playing;
    if (playing) this.interruptSent = false;
  }
}
