import {
  type Message,
  VOICE_CALL,
  VOICE_CALL_TEXTS,
  type VoiceCallEnd,
  type VoiceCallEndReason,
  type VoiceCallStarted,
  type VoiceCallState,
  type VoiceCallTurn,
} from '@podruga/shared';
import { errorText, isApiError } from '../../../shared/api/index.ts';
import type { VoiceCallApi } from './api.ts';
import { stopStream } from './device.ts';
import { CallError, type CallSession, type CallSessionEvents } from './session.ts';
import type { CreateSession } from './sessions.ts';

export interface CallView {
  state: VoiceCallState;
  turn: VoiceCallTurn;
  /** Seconds left today, counting down while connected; null before the server said. */
  remaining: number | null;
  /** The last transcript line, shown for `VOICE_CALL.transcriptDisplayMs`. */
  transcript: { role: 'user' | 'agent'; text: string } | null;
  /** The error shown in the error state (001 §8's text, or the server's). */
  error: string | null;
  /** A line after a call ended by itself (the limit). */
  notice: string | null;
}

export interface CallDeps {
  api: Pick<VoiceCallApi, 'start' | 'end'>;
  createSession: CreateSession;
  openMicrophone: () => Promise<MediaStream>;
  /** Creates or resumes the call's AudioContext: called in the tap, before anything is awaited. */
  primeAudio: () => AudioContext | null;
  /** Active Plus now (a 429 offers others the paywall). */
  isPlus: () => boolean;
  openPaywall: () => void;
  now: () => number;
}

export interface CallHooks {
  /** The chat's voice_call entry as the server has it now (`active` at start, final at the end). */
  onEntry(message: Message): void;
  /** A started call broke (the chat's «Ошибка голосового звонка: …»). */
  onError?(text: string): void;
}

interface ActiveCall {
  id: string;
  mode: VoiceCallStarted['mode'];
  session: CallSession | null;
  connectedAt: number | null;
  /** POST /end was sent, or the server ended the call itself: never twice. */
  endSent: boolean;
}

const IDLE: CallView = {
  state: 'idle',
  turn: 'listening',
  remaining: null,
  transcript: null,
  error: null,
  notice: null,
};

/** The start's refusal, worded (the server's detail when it has one). */
function startErrorText(error: unknown): string {
  if (error instanceof CallError) return error.message;
  if (!isApiError(error)) return VOICE_CALL_TEXTS.callFailed;
  const fallback =
    error.status === 429
      ? VOICE_CALL_TEXTS.limitReached
      : error.status === 409
        ? VOICE_CALL_TEXTS.alreadyActive
        : error.status === 503
          ? VOICE_CALL_TEXTS.unavailable
          : error.status === 400
            ? VOICE_CALL_TEXTS.noAgent
            : VOICE_CALL_TEXTS.callFailed;
  return error.code === 'network' ? VOICE_CALL_TEXTS.callFailed : errorText(error, fallback);
}

/** The day's voice seconds are spent (429 'voice_limit'; a plain rate limit has its own text). */
function isVoiceLimit(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 429 &&
    (!error.hasServerDetail || error.detail === VOICE_CALL_TEXTS.limitReached)
  );
}

/**
 * One voice call dialog's logic (001 §4), without React: idle → connecting (microphone, POST start, the
 * session) → connected (the countdown, who speaks, the transcript for 3 s) → idle again or error. Every
 * way a call ends sends POST /end once, with its reason.
 */
export class CallController {
  private view: CallView = IDLE;
  private readonly listeners = new Set<() => void>();
  private call: ActiveCall | null = null;
  /** Bumped by every start and hang-up: a late answer of an older attempt is ignored. */
  private attempt = 0;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private deadline = 0;
  private transcriptTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly target: { agentId: string; characterId: string },
    private readonly deps: CallDeps,
    private readonly hooks: CallHooks,
  ) {}

  getView = (): CallView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<CallView>): void {
    this.view = { ...this.view, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Starts a call (the start press, at once on a desktop, or «Попробовать снова»). */
  async start(): Promise<void> {
    if (this.view.state === 'connecting' || this.view.state === 'connected') return;
    this.attempt += 1;
    const attempt = this.attempt;
    const stale = () => attempt !== this.attempt;
    const audio = this.deps.primeAudio();
    this.call = null;
    this.clearTranscript();
    this.set({ ...IDLE, state: 'connecting' });

    let stream: MediaStream;
    try {
      stream = await this.deps.openMicrophone();
    } catch (error) {
      if (!stale()) this.set({ state: 'error', error: startErrorText(error) });
      return;
    }
    if (stale()) {
      stopStream(stream);
      return;
    }

    let started: VoiceCallStarted;
    try {
      started = await this.deps.api.start(this.target.characterId, this.target.agentId);
    } catch (error) {
      stopStream(stream);
      if (stale()) return;
      this.set({ state: 'error', error: startErrorText(error) });
      if (isVoiceLimit(error) && !this.deps.isPlus()) this.deps.openPaywall();
      return;
    }
    const call: ActiveCall = {
      id: started.call_id,
      mode: started.mode,
      session: null,
      connectedAt: null,
      endSent: false,
    };
    this.call = call;
    this.hooks.onEntry(started.message);
    if (stale()) {
      // Closed while the start was on its way: the call never connected.
      stopStream(stream);
      await this.endCall(call, 'missed');
      return;
    }
    this.set({ remaining: started.remaining_seconds });

    try {
      call.session = this.deps.createSession(started, { stream, audio });
      await withTimeout(call.session.start(this.eventsFor(call, attempt)), VOICE_CALL.connectTimeoutMs);
    } catch (error) {
      stopStream(stream);
      if (stale()) return;
      await this.fail(call, error instanceof CallError ? error.message : VOICE_CALL_TEXTS.connectFailed);
    }
  }

  /** Hangs up (the button, closing the dialog, the limit): the session ends and POST /end goes once. */
  async hangUp(reason: Extract<VoiceCallEndReason, 'hangup' | 'limit'> = 'hangup'): Promise<void> {
    const { state } = this.view;
    if (state !== 'connecting' && state !== 'connected') return;
    this.attempt += 1;
    this.stopTicking();
    const call = this.call;
    this.set({
      state: 'idle',
      turn: 'listening',
      notice: reason === 'limit' ? VOICE_CALL_TEXTS.endedAtLimit : null,
    });
    if (!call) return;
    await call.session?.end();
    await this.endCall(call, call.connectedAt === null ? 'missed' : reason);
  }

  /** The dialog went away: a call still on is hung up, timers stop. */
  dispose(): void {
    void this.hangUp('hangup');
    this.stopTicking();
    this.clearTranscript();
  }

  private eventsFor(call: ActiveCall, attempt: number): CallSessionEvents {
    const live = () => attempt === this.attempt && this.call === call;
    return {
      onConnect: ({ remainingSeconds }) => {
        if (!live()) return;
        call.connectedAt = this.deps.now();
        const remaining =
          typeof remainingSeconds === 'number' && Number.isFinite(remainingSeconds)
            ? Math.max(0, Math.floor(remainingSeconds))
            : (this.view.remaining ?? 0);
        // The turn stays as the session said: her greeting may already be playing.
        this.set({ state: 'connected', remaining });
        this.startTicking(remaining);
      },
      onDisconnect: ({ entry, limit }) => {
        if (!live()) return;
        this.attempt += 1;
        this.stopTicking();
        this.set({
          state: 'idle',
          turn: 'listening',
          notice: limit ? VOICE_CALL_TEXTS.endedAtLimit : null,
        });
        if (entry) {
          call.endSent = true;
          this.hooks.onEntry(entry);
          return;
        }
        void call.session?.end();
        void this.endCall(call, limit ? 'limit' : 'hangup');
      },
      onError: (message) => {
        if (live()) void this.fail(call, message || VOICE_CALL_TEXTS.connectionError);
      },
      onModeChange: (turn) => {
        if (live()) this.set({ turn });
      },
      onUserTranscript: (text) => {
        if (live()) this.showTranscript('user', text);
      },
      onAgentResponse: (text) => {
        if (live()) this.showTranscript('agent', text);
      },
    };
  }

  private async fail(call: ActiveCall, text: string): Promise<void> {
    this.attempt += 1;
    this.stopTicking();
    this.set({ state: 'error', error: text, turn: 'listening' });
    this.hooks.onError?.(text);
    await call.session?.end();
    await this.endCall(call, call.connectedAt === null ? 'missed' : 'error', text);
  }

  private async endCall(call: ActiveCall, reason: VoiceCallEndReason, error?: string): Promise<void> {
    if (call.endSent) return;
    call.endSent = true;
    const body: VoiceCallEnd = { reason };
    if (reason === 'error' && error) body.error = error.slice(0, 200);
    if (call.mode === 'elevenlabs') {
      const conversationId = call.session?.conversationId();
      if (conversationId) body.conversation_id = conversationId;
      if (call.connectedAt !== null)
        body.duration_seconds = Math.max(0, Math.round((this.deps.now() - call.connectedAt) / 1000));
    }
    try {
      const { message } = await this.deps.api.end(call.id, body);
      if (message) this.hooks.onEntry(message);
    } catch {
      // The server closes a call nobody ended itself, after its grace (VOICE_CALL.endGraceSeconds).
    }
  }

  private startTicking(seconds: number): void {
    this.stopTicking();
    this.deadline = this.deps.now() + seconds * 1000;
    const tick = () => {
      const left = Math.max(0, Math.ceil((this.deadline - this.deps.now()) / 1000));
      if (left !== this.view.remaining) this.set({ remaining: left });
      if (left === 0) void this.hangUp('limit');
    };
    this.ticker = setInterval(tick, 250);
    if (seconds <= 0) tick();
  }

  private stopTicking(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  private showTranscript(role: 'user' | 'agent', text: string): void {
    this.clearTranscript();
    this.set({ transcript: { role, text } });
    this.transcriptTimer = setTimeout(() => {
      this.transcriptTimer = null;
      this.set({ transcript: null });
    }, VOICE_CALL.transcriptDisplayMs);
  }

  private clearTranscript(): void {
    if (this.transcriptTimer) clearTimeout(this.transcriptTimer);
    this.transcriptTimer = null;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CallError(VOICE_CALL_TEXTS.connectFailed)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
