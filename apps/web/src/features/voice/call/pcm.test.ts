import { VOICE_CALL } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { PcmFramer, toInt16 } from './pcm.ts';

const samples = (buffer: ArrayBuffer) => {
  const view = new DataView(buffer);
  return Array.from({ length: buffer.byteLength / 2 }, (_, i) => view.getInt16(i * 2, true));
};

/** `seconds` of a sine at `hz`, sampled at `rate`. */
function sine(rate: number, hz: number, seconds: number, amplitude = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate),
  );
}

describe('PcmFramer (16 kHz s16le frames for voice:audio)', () => {
  it('turns floats into signed 16-bit, clamped', () => {
    expect(toInt16(0)).toBe(0);
    expect(toInt16(1)).toBe(32767);
    expect(toInt16(-1)).toBe(-32768);
    expect(toInt16(2)).toBe(32767);
    expect(toInt16(-3)).toBe(-32768);
    expect(toInt16(Number.NaN)).toBe(0);
  });

  it('frames 48 kHz into 100 ms of 16 kHz: 3,200 bytes, little-endian, averaged by three', () => {
    const framer = new PcmFramer(48_000);
    expect(framer.frameBytes).toBe((VOICE_CALL.sampleRateHz * VOICE_CALL.frameMs * 2) / 1000);
    const input = new Float32Array(4800);
    for (let i = 0; i < input.length; i++) input[i] = i % 3 === 0 ? 0.3 : 0.6;
    const frames = framer.push(input);
    expect(frames).toHaveLength(1);
    const frame = frames[0] as ArrayBuffer;
    expect(frame.byteLength).toBe(3200);
    expect(new Set(samples(frame))).toEqual(new Set([toInt16(0.5)]));
    expect(new Uint8Array(frame)[0]).toBe(toInt16(0.5) & 0xff);
    expect(framer.frameBytes).toBeLessThanOrEqual(VOICE_CALL.maxFrameBytes);
  });

  it('gives the same frames whatever the chunk sizes (the worklet sends 128, the fallback 4,096)', () => {
    const input = sine(44_100, 440, 1);
    const whole = new PcmFramer(44_100).push(input);
    const chunked = new PcmFramer(44_100);
    const pieces: ArrayBuffer[] = [];
    for (let at = 0; at < input.length; at += 128) pieces.push(...chunked.push(input.subarray(at, at + 128)));
    expect(pieces.length).toBe(whole.length);
    expect(pieces.map(samples)).toEqual(whole.map(samples));
    // One second of 44.1 kHz is ten frames of 16 kHz, nothing left over.
    expect(whole.length).toBe(10);
    expect(chunked.flush()).toBeNull();
  });

  it('keeps a tone a tone: 440 Hz at 48 kHz crosses zero about 880 times a second at 16 kHz', () => {
    const framer = new PcmFramer(48_000);
    const out = framer.push(sine(48_000, 440, 1.05)).flatMap(samples);
    expect(out.length).toBe(16_000);
    let crossings = 0;
    for (let i = 1; i < out.length; i++) if ((out[i - 1] ?? 0) < 0 !== (out[i] ?? 0) < 0) crossings++;
    expect(Math.abs(crossings - 880)).toBeLessThan(10);
    expect(Math.max(...out)).toBeGreaterThan(15_000);
  });

  it('passes 16 kHz through, and repeats samples when the input is slower', () => {
    const same = new PcmFramer(16_000).push(new Float32Array(1600).fill(0.25));
    expect(samples(same[0] as ArrayBuffer).every((s) => s === toInt16(0.25))).toBe(true);
    const slow = new PcmFramer(8_000).push(new Float32Array(800).fill(-0.5));
    expect(slow).toHaveLength(1);
    expect(samples(slow[0] as ArrayBuffer).every((s) => s === toInt16(-0.5))).toBe(true);
  });

  it('flushes what is left of a frame, and refuses a zero rate', () => {
    const framer = new PcmFramer(48_000);
    expect(framer.flush()).toBeNull();
    framer.push(new Float32Array(300));
    expect(framer.flush()?.byteLength).toBe(200);
    expect(framer.flush()).toBeNull();
    expect(() => new PcmFramer(0)).toThrow(RangeError);
  });
});
