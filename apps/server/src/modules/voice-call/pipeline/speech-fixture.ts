import { speakWav } from '../../../providers/tts/espeak.ts';

/*
 * Microphone audio for the tests, made in code (nothing binary in git): Russian speech from espeak-ng
 * (the offline voice's own engine) resampled to 16 kHz mono s16le, and silence.
 */

const made = new Map<string, Promise<Buffer>>();

/** `text` spoken by espeak-ng, as 16 kHz 16-bit PCM (made once per text). */
export function speechPcm(text = 'Привет, как у тебя дела?'): Promise<Buffer> {
  let pcm = made.get(text);
  if (!pcm) {
    pcm = speakWav(text, { gender: 'female', pitch: 0, rate: 1, timbre: 0 }).then((wav) => resample(wav));
    made.set(text, pcm);
  }
  return pcm;
}

/** A WAV's 16-bit mono samples at 16 kHz (linear interpolation). */
function resample(wav: Buffer): Buffer {
  const rate = wav.readUInt32LE(24);
  const source = new Int16Array(Uint8Array.from(wav.subarray(44)).buffer);
  const length = Math.floor((source.length * 16_000) / rate);
  const out = Buffer.alloc(length * 2);
  for (let i = 0; i < length; i++) {
    const x = (i * rate) / 16_000;
    const j = Math.floor(x);
    const f = x - j;
    out.writeInt16LE(Math.round((source[j] ?? 0) * (1 - f) + (source[j + 1] ?? 0) * f), i * 2);
  }
  return out;
}

/** `ms` of silence at 16 kHz. */
export function silencePcm(ms: number): Buffer {
  return Buffer.alloc(Math.round((ms / 1000) * 16_000) * 2);
}

/** PCM cut into the protocol's 100 ms frames (3,200 bytes; the last one may be shorter). */
export function frames(pcm: Buffer, bytes = 3200): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < pcm.length; at += bytes) out.push(pcm.subarray(at, Math.min(pcm.length, at + bytes)));
  return out;
}
