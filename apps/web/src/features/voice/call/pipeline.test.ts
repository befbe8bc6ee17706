import { SOCKET_PATH, VOICE_CALL, VOICE_CALL_TEXTS } from '@podruga/shared';
import { describe, expect, it, type Mock, vi } from 'vitest';
import type { SpeechRecognitionCtor, SpeechRecognitionLike, SpeechResultEvent } from '../recognition.ts';
import type { captureMicrophone } from './audio.ts';
import { PipelineSession, type VoiceSocket } from './pipeline.ts';
import { CallError, type CallSessionEvents } from './session.ts';

type Handler = (...args: unknown[]) => void;

/** A socket.io client socket as far as the session uses it; `server` plays the other end. */
function fakeSocket(
  joinAnswer: unknown = { ok: true, stt: 'server', remaining_seconds: 25, sample_rate_hz: 16000 },
) {
  const handlers = new Map<string, Handler[]>();
  const sent: Array<{ event: string; payload: unknown }> = [];
  const socket = {
    connected: true,
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    once(event: string, handler: Handler) {
      return socket.on(event, handler);
    },
    off(event: string, handler: Handler) {
      handlers.set(
        event,
        (handlers.get(event) ?? []).filter((h) => h !== handler),
      );
      return socket;
    },
    emit(event: string, payload: unknown, ack?: (answer: unknown) => void) {
      sent.push({ event, payload });
      if (event === 'voice:join' && ack) queueMicrotask(() => ack(joinAnswer));
      return socket;
    },
    disconnect: vi.fn(() => {
      socket.connected = false;
      return socket;
    }),
  };
  return {
    socket: socket as unknown as VoiceSocket,
    sent,
    server: (event: string, payload: unknown) => {
      for (const h of handlers.get(event) ?? []) h(payload);
    },
  };
}

type Spied = { [K in keyof CallSessionEvents]: Mock<CallSessionEvents[K]> };

function events(): Spied {
  return {
    onConnect: vi.fn<CallSessionEvents['onConnect']>(),
    onDisconnect: vi.fn<CallSessionEvents['onDisconnect']>(),
    onError: vi.fn<CallSessionEvents['onError']>(),
    onModeChange: vi.fn<CallSessionEvents['onModeChange']>(),
    onUserTranscript: vi.fn<CallSessionEvents['onUserTranscript']>(),
    onAgentResponse: vi.fn<CallSessionEvents['onAgentResponse']>(),
  };
}

const CALL = 'call-1';
const track = { stop: vi.fn() };
const stream = { getTracks: () => [track] } as unknown as MediaStream;

/** An AudioContext as the sentence player uses it: each "sentence" is its text as bytes. */
function fakeAudio() {
  const played: string[] = [];
  const stopped: string[] = [];
  let current: { tag: string; onended: (() => void) | null } | null = null;
  const context = {
    destination: {},
    decodeAudioData: async (bytes: ArrayBuffer) => ({ tag: new TextDecoder().decode(bytes) }),
    createBufferSource: () => {
      const source = {
        buffer: null as { tag: string } | null,
        onended: null as (() => void) | null,
        connect() {},
        start() {
          played.push(source.buffer?.tag ?? '');
          current = { tag: source.buffer?.tag ?? '', onended: () => source.onended?.() };
        },
        stop() {
          stopped.push(source.buffer?.tag ?? '');
          source.onended?.();
        },
      };
      return source;
    },
  } as unknown as AudioContext;
  return { context, played, stopped, finish: () => current?.onended?.() };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const bytes = (text: string) => new TextEncoder().encode(text);

function session(
  fake: ReturnType<typeof fakeSocket>,
  stt: 'server' | 'browser' = 'server',
  recognition: SpeechRecognitionCtor | null = null,
  context: AudioContext = fakeAudio().context,
) {
  let onFrame: ((pcm: ArrayBuffer) => void) | null = null;
  const stopCapture = vi.fn();
  const capture = vi.fn(async (_c: AudioContext, _s: MediaStream, frame: (pcm: ArrayBuffer) => void) => {
    onFrame = frame;
    return { stop: stopCapture };
  }) as unknown as typeof captureMicrophone;
  const connect = vi.fn(async () => fake.socket);
  const s = new PipelineSession(
    { call_id: CALL, stt },
    { connect, getToken: () => 'tok', context, stream, recognition, capture, timeoutMs: 1000 },
  );
  return { s, connect, capture, stopCapture, frame: (pcm: ArrayBuffer) => onFrame?.(pcm) };
}

describe('the pipeline session (realtime/voice.ts)', () => {
  it('joins the call on the voice namespace with the session token, then streams the microphone', async () => {
    const fake = fakeSocket();
    const { s, connect, frame } = session(fake);
    const e = events();
    await s.start(e);
    expect(connect).toHaveBeenCalledWith(
      VOICE_CALL.namespace,
      expect.objectContaining({ path: SOCKET_PATH, auth: { token: 'tok' }, forceNew: true }),
    );
    expect(fake.sent[0]).toEqual({ event: 'voice:join', payload: { call_id: CALL } });
    expect(e.onConnect).toHaveBeenCalledWith({ remainingSeconds: 25 });

    const pcm = new ArrayBuffer(3200);
    frame(pcm);
    expect(fake.sent.at(-1)).toEqual({ event: 'voice:audio', payload: { call_id: CALL, pcm } });
  });

  it('relays turns and transcripts of this call only, and ends on voice:ended with the stored entry', async () => {
    const fake = fakeSocket();
    const { s, stopCapture } = session(fake);
    const e = events();
    await s.start(e);
    fake.server('voice:turn', { call_id: CALL, mode: 'thinking' });
    fake.server('voice:turn', { call_id: 'other', mode: 'speaking' });
    fake.server('voice:transcript', { call_id: CALL, role: 'user', text: 'Привет' });
    fake.server('voice:transcript', { call_id: CALL, role: 'agent', text: 'Привет, милый' });
    expect(e.onModeChange.mock.calls).toEqual([['thinking']]);
    expect(e.onUserTranscript).toHaveBeenCalledWith('Привет');
    expect(e.onAgentResponse).toHaveBeenCalledWith('Привет, милый');

    const message = { id: 'm1' };
    fake.server('voice:ended', { call_id: CALL, status: 'limit_reached', message });
    expect(e.onDisconnect).toHaveBeenCalledWith({ entry: message, limit: true });
    expect(stopCapture).toHaveBeenCalled();
    expect(track.stop).toHaveBeenCalled();
    expect(fake.sent.some((m) => m.event === 'voice:hangup')).toBe(true);
  });

  it('plays her sentences in order, turn by turn, and drops a turn on voice:interrupted', async () => {
    const fake = fakeSocket();
    const audio = fakeAudio();
    const { s } = session(fake, 'server', null, audio.context);
    await s.start(events());
    const say = (turn: number, seq: number, text: string) =>
      fake.server('voice:audio', { call_id: CALL, turn, seq, audio: bytes(text), content_type: 'audio/wav' });
    say(1, 0, 'привет');
    say(1, 1, 'как ты');
    say(1, 2, 'скучала');
    await settle();
    expect(audio.played).toEqual(['привет']);
    audio.finish();
    await settle();
    expect(audio.played).toEqual(['привет', 'как ты']);
    fake.server('voice:interrupted', { call_id: CALL, turn: 1 });
    await settle();
    expect(audio.stopped).toEqual(['как ты']);
    say(1, 3, 'опоздавшее');
    say(2, 0, 'слушаю');
    await settle();
    expect(audio.played).toEqual(['привет', 'как ты', 'слушаю']);
  });

  it('hangs up once: voice:hangup before the disconnect', async () => {
    const fake = fakeSocket();
    const { s } = session(fake);
    await s.start(events());
    await s.end();
    await s.end();
    expect(fake.sent.filter((m) => m.event === 'voice:hangup')).toEqual([
      { event: 'voice:hangup', payload: { call_id: CALL } },
    ]);
    expect(
      (fake.socket as unknown as { disconnect: ReturnType<typeof vi.fn> }).disconnect,
    ).toHaveBeenCalledTimes(1);
  });

  it('a refused join is the server’s text; a dropped connection mid-call is «Ошибка соединения»', async () => {
    const refused = fakeSocket({ ok: false, error: 'Звонок не найден' });
    await expect(session(refused).s.start(events())).rejects.toEqual(new CallError('Звонок не найден'));

    const fake = fakeSocket();
    const { s } = session(fake);
    const e = events();
    await s.start(e);
    fake.server('disconnect', 'transport close');
    expect(e.onError).toHaveBeenCalledWith(VOICE_CALL_TEXTS.connectionError);
  });

  it('with stt browser: the recogniser’s final words go as voice:text; no recogniser → not supported', async () => {
    const made: Array<SpeechRecognitionLike & { started: boolean }> = [];
    class FakeRecognition {
      lang = '';
      continuous = false;
      interimResults = false;
      maxAlternatives = 1;
      started = false;
      onresult: ((event: SpeechResultEvent) => void) | null = null;
      onerror: ((event: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      constructor() {
        made.push(this);
      }
      start() {
        this.started = true;
      }
      stop() {}
      abort() {}
    }
    const fake = fakeSocket({ ok: true, stt: 'browser', remaining_seconds: 60, sample_rate_hz: 16000 });
    const { s, capture } = session(fake, 'browser', FakeRecognition as unknown as SpeechRecognitionCtor);
    await s.start(events());
    expect(capture).not.toHaveBeenCalled();
    const r = made[0];
    expect(r?.lang).toBe('ru-RU');
    expect(r?.started).toBe(true);
    r?.onresult?.({
      resultIndex: 0,
      results: [{ isFinal: true, 0: { transcript: ' Как дела? ' }, length: 1 }],
    });
    expect(fake.sent.at(-1)).toEqual({ event: 'voice:text', payload: { call_id: CALL, text: 'Как дела?' } });
    // Words while she speaks: her sentences stop and the server is told (barge-in), once per her turn.
    fake.server('voice:audio', {
      call_id: CALL,
      turn: 1,
      seq: 0,
      audio: bytes('привет'),
      content_type: 'audio/wav',
    });
    await settle();
    r?.onresult?.({ resultIndex: 0, results: [{ isFinal: false, 0: { transcript: 'подожди' }, length: 1 }] });
    r?.onresult?.({
      resultIndex: 0,
      results: [{ isFinal: false, 0: { transcript: 'подожди мину' }, length: 1 }],
    });
    expect(fake.sent.filter((m) => m.event === 'voice:interrupt')).toEqual([
      { event: 'voice:interrupt', payload: { call_id: CALL } },
    ]);
    // The browser ends a recognition after a pause: a new one goes on listening.
    r?.onend?.();
    expect(made).toHaveLength(2);
    expect(made[1]?.started).toBe(true);

    const none = fakeSocket({ ok: true, stt: 'browser', remaining_seconds: 60, sample_rate_hz: 16000 });
    const orig = (globalThis as { window?: unknown }).window;
    await expect(session(none, 'browser', null).s.start(events())).rejects.toEqual(
      new CallError(VOICE_CALL_TEXTS.notSupported),
    );
    expect((globalThis as { window?: unknown }).window).toBe(orig);
  });
});
