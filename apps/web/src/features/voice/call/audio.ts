import captureWorkletUrl from './capture-worklet.js?url';
import { PcmFramer } from './pcm.ts';

type AudioContextCtor = typeof AudioContext;

function audioContextCtor(): AudioContextCtor | null {
  if (typeof window === 'undefined') return null;
  const scope = window as unknown as {
    AudioContext?: AudioContextCtor;
    webkitAudioContext?: AudioContextCtor;
  };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

let shared: AudioContext | null = null;

/**
 * The calls' one AudioContext (microphone in, her voice out). `primeCallAudio` is called in the tap that
 * starts a call, before anything is awaited: Safari lets sound start only inside a user gesture.
 */
export function primeCallAudio(): AudioContext | null {
  const Ctor = audioContextCtor();
  if (!Ctor) return null;
  if (!shared || shared.state === 'closed') shared = new Ctor();
  if (shared.state === 'suspended') void shared.resume().catch(() => {});
  return shared;
}

export interface MicCapture {
  stop(): void;
}

/**
 * Taps the microphone stream and hands `onFrame` 16 kHz s16le frames of `VOICE_CALL.frameMs`: an
 * AudioWorklet where there is one, else the old ScriptProcessorNode. The tap plays nothing (gain 0).
 */
export async function captureMicrophone(
  context: AudioContext,
  stream: MediaStream,
  onFrame: (pcm: ArrayBuffer) => void,
): Promise<MicCapture> {
  const framer = new PcmFramer(context.sampleRate);
  const take = (samples: Float32Array) => {
    for (const frame of framer.push(samples)) onFrame(frame);
  };
  const source = context.createMediaStreamSource(stream);
  const mute = context.createGain();
  mute.gain.value = 0;
  mute.connect(context.destination);

  let node: AudioNode;
  try {
    if (!context.audioWorklet || typeof AudioWorkletNode === 'undefined') throw new Error('no worklet');
    await context.audioWorklet.addModule(captureWorkletUrl);
    const worklet = new AudioWorkletNode(context, 'podruga-pcm-capture', {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      channelCount: 1,
    });
    worklet.port.onmessage = (event: MessageEvent<Float32Array>) => take(event.data);
    node = worklet;
  } catch {
    const processor = context.createScriptProcessor(4096, 1, 1);
    processor.onaudioprocess = (event) => take(event.inputBuffer.getChannelData(0).slice(0));
    node = processor;
  }
  source.connect(node);
  node.connect(mute);

  let stopped = false;
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      if (node instanceof AudioWorkletNode) node.port.onmessage = null;
      else (node as ScriptProcessorNode).onaudioprocess = null;
      source.disconnect();
      node.disconnect();
      mute.disconnect();
      const rest = framer.flush();
      if (rest) onFrame(rest);
    },
  };
}

interface Queued {
  turn: number;
  seq: number;
  buffer: Promise<AudioBuffer | null>;
}

/**
 * Her voice in the pipeline: each `voice:audio` sentence is decoded as it arrives and played after the
 * one before it, turn by turn, on one AudioContext. `drop(turn)` (barge-in, `voice:interrupted`) stops
 * that turn at once and forgets what is left of it.
 */
export class SentencePlayer {
  private queue: Queued[] = [];
  private current: { turn: number; source: AudioBufferSourceNode } | null = null;
  private dropped = new Set<number>();
  private running = false;
  private closed = false;

  constructor(
    private readonly context: AudioContext,
    /** The queue ran dry (her turn's audio is over) or started: the browser recogniser's barge-in uses it. */
    private readonly onPlaying: (playing: boolean) => void = () => {},
  ) {}

  get playing(): boolean {
    return this.current !== null || this.queue.length > 0;
  }

  enqueue(turn: number, seq: number, audio: ArrayBuffer | Uint8Array): void {
    if (this.closed || this.dropped.has(turn)) return;
    const bytes = audio instanceof Uint8Array ? audio.slice().buffer : audio.slice(0);
    const buffer = this.context.decodeAudioData(bytes as ArrayBuffer).catch(() => null);
    const item = { turn, seq, buffer };
    // socket.io keeps the order; a sentence that still came early waits for its turn's earlier ones.
    const at = this.queue.findIndex((q) => q.turn > turn || (q.turn === turn && q.seq > seq));
    if (at === -1) this.queue.push(item);
    else this.queue.splice(at, 0, item);
    if (!this.running) void this.run();
  }

  drop(turn: number): void {
    this.dropped.add(turn);
    this.queue = this.queue.filter((q) => q.turn !== turn);
    if (this.current?.turn === turn) this.stopCurrent();
  }

  /** Stops everything queued and playing (every turn so far). */
  dropAll(): void {
    for (const q of this.queue) this.dropped.add(q.turn);
    if (this.current) this.dropped.add(this.current.turn);
    this.queue = [];
    this.stopCurrent();
  }

  close(): void {
    this.closed = true;
    this.queue = [];
    this.stopCurrent();
  }

  private stopCurrent(): void {
    const playing = this.current;
    this.current = null;
    try {
      playing?.source.stop();
    } catch {
      // Already ended.
    }
  }

  private async run(): Promise<void> {
    this.running = true;
    this.onPlaying(true);
    try {
      while (!this.closed && this.queue.length > 0) {
        const next = this.queue.shift() as Queued;
        const buffer = await next.buffer;
        if (!buffer || this.closed || this.dropped.has(next.turn)) continue;
        await new Promise<void>((resolve) => {
          const source = this.context.createBufferSource();
          source.buffer = buffer;
          source.connect(this.context.destination);
          source.onended = () => {
            if (this.current?.source === source) this.current = null;
            resolve();
          };
          this.current = { turn: next.turn, source };
          source.start();
        });
      }
    } finally {
      this.running = false;
      this.onPlaying(false);
    }
  }
}
