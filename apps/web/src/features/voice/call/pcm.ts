import { VOICE_CALL } from '@podruga/shared';

/** A float sample in [-1, 1] as signed 16-bit (clamped). */
export function toInt16(sample: number): number {
  const s = Number.isFinite(sample) ? Math.max(-1, Math.min(1, sample)) : 0;
  return s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff);
}

/**
 * The microphone as the pipeline takes it (realtime/voice.ts): float samples at the audio context's
 * rate in, `VOICE_CALL.frameMs` frames of 16 kHz mono s16le PCM out. Downsampling averages the input
 * samples each output sample covers (a box filter: enough against aliasing for speech at 16 kHz), and
 * keeps its place across chunks, so any chunk size gives the same frames.
 */
export class PcmFramer {
  readonly ratio: number;
  readonly frameBytes: number;
  private carry: Float32Array = new Float32Array(0);
  /** The input sample `carry[0]` is, counted from the start. */
  private dropped = 0;
  /** Output samples made so far: the next one starts at input `made * ratio` (no drift across chunks). */
  private made = 0;
  private readonly frame: DataView<ArrayBuffer>;
  private filled = 0;

  constructor(
    readonly inputRate: number,
    readonly outputRate: number = VOICE_CALL.sampleRateHz,
    frameMs: number = VOICE_CALL.frameMs,
  ) {
    if (!(inputRate > 0) || !(outputRate > 0)) throw new RangeError('sample rates must be positive');
    this.ratio = inputRate / outputRate;
    this.frameBytes = Math.round((outputRate * frameMs) / 1000) * 2;
    this.frame = new DataView(new ArrayBuffer(this.frameBytes));
  }

  /** Takes a chunk of input; returns the frames it completed (each a new ArrayBuffer). */
  push(input: Float32Array): ArrayBuffer[] {
    const frames: ArrayBuffer[] = [];
    const buf = this.carry.length === 0 ? input : concat(this.carry, input);
    const { ratio } = this;
    for (;;) {
      const first = Math.floor(this.made * ratio);
      const from = first - this.dropped;
      const to = Math.max(first + 1, Math.floor((this.made + 1) * ratio)) - this.dropped;
      if (to > buf.length) break;
      let sum = 0;
      for (let i = from; i < to; i++) sum += buf[i] ?? 0;
      this.frame.setInt16(this.filled, toInt16(sum / (to - from)), true);
      this.filled += 2;
      if (this.filled === this.frameBytes) {
        frames.push(this.frame.buffer.slice(0));
        this.filled = 0;
      }
      this.made += 1;
    }
    const keep = Math.min(Math.floor(this.made * ratio) - this.dropped, buf.length);
    this.carry = buf.slice(keep);
    this.dropped += keep;
    return frames;
  }

  /** What is left of a frame (at the end of a call): its bytes so far, or null when none. */
  flush(): ArrayBuffer | null {
    if (this.filled === 0) return null;
    const rest = this.frame.buffer.slice(0, this.filled);
    this.filled = 0;
    return rest;
  }
}

function concat(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
