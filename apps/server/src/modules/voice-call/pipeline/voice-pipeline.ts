import {
  VOICE_CALL,
  VOICE_CALL_TEXTS,
  type VoiceClientToServerEvents,
  type VoiceJoinAck,
  type VoiceServerToClientEvents,
} from '@podruga/shared';
import type { Namespace, Server, Socket } from 'socket.io';
import type { UserRow } from '../../../db/schema/index.ts';
import type { Logger } from '../../../logger.ts';
import type { LlmPort } from '../../../providers/llm/port.ts';
import type { SttPort } from '../../../providers/stt/port.ts';
import type { TtsPort } from '../../../providers/tts/port.ts';
import type { SessionResolver } from '../../auth/auth.service.ts';
import type { VoiceCallSessions } from '../types.ts';
import { CallRunner, type CallSafety, PIPELINE_TEXTS } from './call.ts';
import { createWebRtcVad, loadFvad, TURN_DETECTOR_DEFAULTS, TurnDetector, type VadMode } from './vad.ts';

/*
 * Our own voice calls (issue 15) on the socket.io namespace VOICE_CALL.namespace: microphone PCM in,
 * turn-taking by voice activity detection (vad.ts), speech-to-text, the LLM with her persona, her
 * answer spoken sentence by sentence, barge-in (call.ts). Protocol: packages/shared/src/realtime/voice.ts.
 */

export interface VoicePipelineOptions {
  /** libfvad's aggressiveness, 0–3. */
  vadMode: VadMode;
  /** Silence that ends an utterance. */
  silenceMs: number;
  /** Voiced time that starts an utterance. */
  speechStartMs: number;
  /** Voiced time while she thinks or speaks that interrupts her. */
  bargeInMs: number;
  /** Shorter utterances (voiced time) are dropped as noise. */
  minUtteranceVoicedMs: number;
  /** An utterance is cut here and answered as it is. */
  maxUtteranceSeconds: number;
  /** Frames below this RMS (of 32767) are never speech. */
  minRms: number;
  /** After a disconnect the call waits this long for the user's socket to join again. */
  disconnectGraceMs: number;
  /** Failed turns in a row (STT, LLM, TTS) that end the call as `error`. */
  maxFailures: number;
  /** Her spoken reply is cut after this many characters (the prompt asks for short answers too). */
  maxReplyChars: number;
  /** How many of the call's own turns the prompt carries. */
  maxCallTurns: number;
  /** A `voice:text` longer than this is refused. */
  maxTextChars: number;
  /** Microphone audio may come at most this many times faster than real time; faster frames are dropped. */
  audioRateFactor: number;
  /** Dropped frames within `eventWindowMs` that disconnect the socket (a flood, not a microphone). */
  floodFrames: number;
  /** Other events (join, text, interrupt, hangup) per window; past `× 3`, the socket is cut off. */
  events: number;
  eventWindowMs: number;
}

export const VOICE_PIPELINE_DEFAULTS: VoicePipelineOptions = {
  vadMode: 2,
  silenceMs: TURN_DETECTOR_DEFAULTS.silenceMs,
  speechStartMs: TURN_DETECTOR_DEFAULTS.speechStartMs,
  bargeInMs: TURN_DETECTOR_DEFAULTS.bargeInMs,
  minUtteranceVoicedMs: TURN_DETECTOR_DEFAULTS.minVoicedMs,
  maxUtteranceSeconds: TURN_DETECTOR_DEFAULTS.maxUtteranceMs / 1000,
  minRms: TURN_DETECTOR_DEFAULTS.minRms,
  disconnectGraceMs: 5000,
  maxFailures: 3,
  maxReplyChars: 400,
  maxCallTurns: 24,
  maxTextChars: 1000,
  audioRateFactor: 2,
  floodFrames: 50,
  events: 30,
  eventWindowMs: 10_000,
};

export interface VoicePipelineDeps {
  /** How the chat's socket authenticates too; here the handshake's `auth.token`. */
  sessions: SessionResolver;
  calls: VoiceCallSessions;
  stt: SttPort;
  /** False when the STT port is the offline one: the browser's recognition sends `voice:text` then. */
  sttAvailable: boolean;
  llm: LlmPort;
  tts: TtsPort;
  safety: CallSafety;
  log: Logger;
  options?: Partial<VoicePipelineOptions>;
  /** The clock of `connected` and `end` (tests may fix it); timers run on real time. */
  now?: () => Date;
}

export interface VoicePipeline {
  /** Ends every call (as hung up), disconnects the namespace's sockets, frees the detectors. */
  close(): Promise<void>;
}

interface VoiceSocketData {
  user?: UserRow;
  token?: string;
  /** The call this socket carries. */
  runner?: CallRunner;
  joining?: boolean;
}
type VoiceNamespace = Namespace<
  VoiceClientToServerEvents,
  VoiceServerToClientEvents,
  Record<string, never>,
  VoiceSocketData
>;
type VoiceSocket = Socket<
  VoiceClientToServerEvents,
  VoiceServerToClientEvents,
  Record<string, never>,
  VoiceSocketData
>;

/** A refilling allowance: `rate` a second, at most `burst` at once. */
class TokenBucket {
  private tokens: number;
  private at = Date.now();
  constructor(
    private readonly rate: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }
  take(amount: number): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
    if (amount > this.tokens) return false;
    this.tokens -= amount;
    return true;
  }
}

const CALL_ID = /^[\w-]{1,64}$/;

function callIdOf(payload: unknown): string | undefined {
  const id = (payload as { call_id?: unknown } | null)?.call_id;
  return typeof id === 'string' && CALL_ID.test(id) ? id : undefined;
}

function bytesOf(pcm: unknown): Buffer | undefined {
  if (Buffer.isBuffer(pcm)) return pcm;
  if (pcm instanceof ArrayBuffer) return Buffer.from(pcm);
  if (ArrayBuffer.isView(pcm)) return Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  return undefined;
}

/**
 * Serves VOICE_CALL.namespace on the app's socket.io server (realtime/socket.ts makes it). A socket
 * authenticates with its handshake's `auth.token` (refused otherwise), joins one call at a time, and
 * its call ends at hang-up, at the day's limit, after `maxFailures` failed turns, or when the socket
 * has been gone for `disconnectGraceMs`.
 */
export function attachVoicePipeline(io: Server, deps: VoicePipelineDeps): VoicePipeline {
  const options = { ...VOICE_PIPELINE_DEFAULTS, ...deps.options };
  const now = deps.now ?? (() => new Date());
  const { log, calls } = deps;
  const sampleRate = VOICE_CALL.sampleRateHz;
  const nsp = io.of(VOICE_CALL.namespace) as unknown as VoiceNamespace;
  /** Every call in progress here, by id (a socket that joins again finds its call). */
  const runners = new Map<string, CallRunner>();
  const pending = new Set<Promise<unknown>>();
  let closed = false;

  const stt = deps.sttAvailable
    ? `server (${deps.stt.adapter})`
    : "the browser's recognition (no server STT)";
  log.info(
    {
      stt: deps.sttAvailable ? deps.stt.adapter : 'browser',
      llm: deps.llm.adapter,
      tts: deps.tts.adapter,
      offline: [deps.llm, deps.tts].filter((port) => port.offline).map((port) => port.adapter),
    },
    `voice pipeline: ${VOICE_CALL.namespace} with the WebRTC VAD, STT ${stt}, LLM ${deps.llm.adapter}${deps.llm.offline ? ' (OFFLINE)' : ''}, TTS ${deps.tts.adapter}${deps.tts.offline ? ' (OFFLINE)' : ''}`,
  );
  // The detector is compiled once, ahead of the first call.
  if (deps.sttAvailable)
    loadFvad().catch((err) => log.error({ err }, 'voice pipeline: the VAD did not load'));

  const track = <T>(task: Promise<T>): Promise<T> => {
    const done = task.finally(() => pending.delete(done));
    pending.add(done);
    return task;
  };

  nsp.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = typeof auth?.token === 'string' ? auth.token : '';
    if (!token || closed) return next(new Error(PIPELINE_TEXTS.notAuthenticated));
    track(
      deps.sessions.resolveSession(token).then(
        (user) => {
          socket.data.user = user;
          socket.data.token = token;
          next();
        },
        () => next(new Error(PIPELINE_TEXTS.notAuthenticated)),
      ),
    );
  });

  nsp.on('connection', (socket: VoiceSocket) => {
    // Microphone audio: at most `audioRateFactor` × real time, in bytes and in frames.
    const bytesPerSecond = sampleRate * 2 * options.audioRateFactor;
    const framesPerSecond = (1000 / VOICE_CALL.frameMs) * options.audioRateFactor * 2;
    const bytes = new TokenBucket(bytesPerSecond, bytesPerSecond);
    const frames = new TokenBucket(framesPerSecond, framesPerSecond);
    let dropWindow = 0;
    let dropped = 0;
    let noticed = false;
    const drop = () => {
      const at = Date.now();
      if (at - dropWindow >= options.eventWindowMs) {
        dropWindow = at;
        dropped = 0;
      }
      if (++dropped > options.floodFrames) {
        log.warn({ userId: socket.data.user?.id }, 'voice pipeline: audio flood, disconnected');
        socket.disconnect(true);
      }
    };

    let windowStart = 0;
    let events = 0;
    socket.use(([event], next) => {
      if (event === 'voice:audio') return next();
      const at = Date.now();
      if (at - windowStart >= options.eventWindowMs) {
        windowStart = at;
        events = 0;
      }
      if (++events <= options.events) return next();
      if (events > options.events * 3) socket.disconnect(true);
    });

    socket.on('voice:join', (payload, ack) => {
      const reply = (answer: VoiceJoinAck) => {
        if (typeof ack === 'function') ack(answer);
      };
      const callId = callIdOf(payload);
      if (!callId) return reply({ ok: false, error: PIPELINE_TEXTS.notFound });
      track(join(socket, callId).then(reply));
    });

    socket.on('voice:audio', (payload) => {
      const pcm = bytesOf((payload as { pcm?: unknown } | null)?.pcm);
      if (!pcm || pcm.length === 0 || pcm.length % 2 !== 0 || pcm.length > VOICE_CALL.maxFrameBytes) {
        return drop();
      }
      if (!frames.take(1) || !bytes.take(pcm.length)) return drop();
      // Frames still in flight after the call ended go nowhere.
      const runner = socket.data.runner;
      if (!runner || runner.ended || callIdOf(payload) !== runner.call.id) return;
      if (!deps.sttAvailable) {
        if (!noticed)
          socket.emit('voice:error', { call_id: runner.call.id, message: PIPELINE_TEXTS.noServerStt });
        noticed = true;
        return;
      }
      runner.hear(pcm);
    });

    socket.on('voice:text', (payload) => {
      const runner = socket.data.runner;
      if (!runner || runner.ended || callIdOf(payload) !== runner.call.id) return;
      const raw = (payload as { text?: unknown }).text;
      if (typeof raw !== 'string') return;
      // Control characters are not speech.
      const text = raw.replace(/\p{Cc}+/gu, ' ').trim();
      if (text.length > options.maxTextChars) {
        socket.emit('voice:error', { call_id: runner.call.id, message: PIPELINE_TEXTS.textTooLong });
        return;
      }
      if (text) runner.heardText(text);
    });

    socket.on('voice:interrupt', (payload) => {
      const runner = socket.data.runner;
      if (runner && !runner.ended && callIdOf(payload) === runner.call.id) runner.interrupt(true);
    });

    socket.on('voice:hangup', (payload) => {
      const runner = socket.data.runner;
      if (!runner || callIdOf(payload) !== runner.call.id) return;
      socket.data.runner = undefined;
      track(runner.end('hangup'));
    });

    socket.on('disconnect', () => {
      const runner = socket.data.runner;
      socket.data.runner = undefined;
      if (!runner || runner.ended || runner.output !== socket) return;
      if (closed) track(runner.end('hangup'));
      else runner.detach(options.disconnectGraceMs);
    });
  });

  /** `voice:join`: the user's active pipeline call, connected, greeted; or the same call resumed. */
  async function join(socket: VoiceSocket, callId: string): Promise<VoiceJoinAck> {
    const stt = deps.sttAvailable ? 'server' : 'browser';
    const accepted = (runner: CallRunner): VoiceJoinAck => ({
      ok: true,
      stt,
      remaining_seconds: runner.remainingSeconds(),
      sample_rate_hz: sampleRate,
    });
    const current = socket.data.runner;
    if (current && !current.ended) {
      return current.call.id === callId ? accepted(current) : { ok: false, error: PIPELINE_TEXTS.busy };
    }
    if (socket.data.joining) return { ok: false, error: PIPELINE_TEXTS.busy };
    socket.data.joining = true;
    let detector: TurnDetector | undefined;
    let started = false;
    try {
      // The session is read again: a token revoked since the handshake stops here.
      const user = await deps.sessions.resolveSession(socket.data.token ?? '').catch(() => undefined);
      if (!user || user.id !== socket.data.user?.id || closed || socket.disconnected) {
        return { ok: false, error: PIPELINE_TEXTS.notAuthenticated };
      }
      const resumed = runners.get(callId);
      if (resumed)
        return resume(socket, resumed, user)
          ? accepted(resumed)
          : { ok: false, error: PIPELINE_TEXTS.notFound };

      const call = await calls.activePipelineCall(user, callId);
      if (!call || call.userId !== user.id || call.mode !== 'pipeline') {
        return { ok: false, error: PIPELINE_TEXTS.notFound };
      }
      const raced = runners.get(callId);
      if (raced)
        return resume(socket, raced, user) ? accepted(raced) : { ok: false, error: PIPELINE_TEXTS.notFound };

      let conversation: Awaited<ReturnType<VoiceCallSessions['conversationFor']>>;
      try {
        conversation = await calls.conversationFor(call);
        if (deps.sttAvailable) {
          detector = new TurnDetector(await createWebRtcVad(options.vadMode, sampleRate), {
            sampleRate,
            speechStartMs: options.speechStartMs,
            onsetWindowMs: TURN_DETECTOR_DEFAULTS.onsetWindowMs,
            preRollMs: TURN_DETECTOR_DEFAULTS.preRollMs,
            silenceMs: options.silenceMs,
            bargeInMs: options.bargeInMs,
            minVoicedMs: options.minUtteranceVoicedMs,
            maxUtteranceMs: options.maxUtteranceSeconds * 1000,
            minRms: options.minRms,
          });
        }
      } catch (err) {
        log.error({ err, callId }, 'voice pipeline: the call could not be prepared');
        detector?.close();
        await calls.end(call, { reason: 'error', error: VOICE_CALL_TEXTS.callFailed }).catch(() => undefined);
        return { ok: false, error: VOICE_CALL_TEXTS.callFailed };
      }
      if (closed || socket.disconnected || runners.has(callId)) {
        detector?.close();
        return { ok: false, error: PIPELINE_TEXTS.notFound };
      }

      const connectedAt = now();
      const seconds = await calls.connected(call, connectedAt);
      const runner = new CallRunner(
        call,
        user,
        conversation,
        connectedAt,
        Math.max(0, seconds) * 1000,
        detector,
        {
          calls,
          stt: deps.stt,
          llm: deps.llm,
          tts: deps.tts,
          safety: deps.safety,
          log,
          sampleRate,
          maxFailures: options.maxFailures,
          maxReplyChars: options.maxReplyChars,
          maxCallTurns: options.maxCallTurns,
          maxUtteranceMs: options.maxUtteranceSeconds * 1000,
          now,
        },
        (ended) => {
          if (runners.get(ended.call.id) === ended) runners.delete(ended.call.id);
        },
      );
      started = true;
      runners.set(callId, runner);
      runner.attach(socket);
      socket.data.runner = runner;
      if (seconds <= 0) {
        socket.data.runner = undefined;
        runner.output = undefined;
        track(runner.end('limit'));
        return { ok: false, error: VOICE_CALL_TEXTS.limitReached };
      }
      log.info({ callId, userId: user.id, seconds }, 'voice pipeline: call connected');
      if (socket.disconnected) {
        // Gone while the call was being connected: it waits for the user as after any disconnect.
        socket.data.runner = undefined;
        runner.detach(options.disconnectGraceMs);
        return accepted(runner);
      }
      // Her greeting goes out right after the ack (socket.io keeps the order of one socket's packets).
      setImmediate(() => {
        if (!runner.ended) runner.greet();
      });
      return accepted(runner);
    } catch (err) {
      log.error({ err, callId }, 'voice pipeline: join failed');
      if (!started) detector?.close();
      return { ok: false, error: VOICE_CALL_TEXTS.callFailed };
    } finally {
      socket.data.joining = false;
    }
  }

  /** The same user's call, still going on (within the grace, or on another socket of theirs). */
  function resume(socket: VoiceSocket, runner: CallRunner, user: UserRow): boolean {
    if (runner.ended || runner.call.userId !== user.id) return false;
    const previous = runner.output as VoiceSocket | undefined;
    if (previous && previous !== socket) previous.data.runner = undefined;
    runner.attach(socket);
    socket.data.runner = runner;
    setImmediate(() => socket.emit('voice:turn', { call_id: runner.call.id, mode: runner.turnMode }));
    return true;
  }

  return {
    async close() {
      closed = true;
      await Promise.allSettled([...pending]);
      await Promise.allSettled([...runners.values()].map((runner) => runner.end('hangup')));
      // Only this instance's sockets: with Redis a namespace-wide call would publish on a closing connection.
      nsp.local.disconnectSockets(true);
      nsp.removeAllListeners();
    },
  };
}
