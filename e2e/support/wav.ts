/** A 16-bit PCM WAV's format and samples (enough for the offline voice's WAVs and Chromium's fake mic). */
export interface Wav {
  sampleRate: number;
  channels: number;
  /** Interleaved signed 16-bit samples. */
  samples: Int16Array;
}

/** Reads a RIFF/WAVE file of 16-bit PCM; throws on anything else. */
export function readWav(bytes: Buffer): Wav {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE')
    throw new Error('not a WAV file');
  let at = 12;
  let format: { sampleRate: number; channels: number; bits: number } | null = null;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      format = {
        channels: bytes.readUInt16LE(body + 2),
        sampleRate: bytes.readUInt32LE(body + 4),
        bits: bytes.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (format?.bits !== 16) throw new Error('only 16-bit PCM WAV is read');
      // A streamed WAV may say 0 or more than there is: take what is there.
      const end = size > 0 && body + size <= bytes.length ? body + size : bytes.length;
      const count = Math.floor((end - body) / 2);
      const samples = new Int16Array(count);
      for (let i = 0; i < count; i++) samples[i] = bytes.readInt16LE(body + i * 2);
      return { sampleRate: format.sampleRate, channels: format.channels, samples };
    }
    at = body + size + (size % 2);
  }
  throw new Error('no data chunk');
}

export function writeWav({ sampleRate, channels, samples }: Wav): Buffer {
  const data = samples.length * 2;
  const out = Buffer.alloc(44 + data);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + data, 4);
  out.write('WAVE', 8, 'latin1');
  out.write('fmt ', 12, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * channels * 2, 28);
  out.writeUInt16LE(channels * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(data, 40);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i] ?? 0, 44 + i * 2);
  return out;
}

/**
 * What Chromium's fake microphone plays in a loop (`--use-file-for-fake-audio-capture`): `speechSeconds`
 * of a spoken WAV, then `silenceSeconds` of silence, so a voice activity detector hears an utterance
 * begin and end, again and again.
 */
export function utteranceThenSilence(
  speech: Buffer,
  speechSeconds: number,
  silenceSeconds: number,
  leadSeconds = 0,
): Buffer {
  const wav = readWav(speech);
  const frame = wav.channels;
  const spoken = wav.samples.subarray(
    0,
    Math.min(wav.samples.length, Math.round(speechSeconds * wav.sampleRate) * frame),
  );
  const lead = Math.round(leadSeconds * wav.sampleRate) * frame;
  const samples = new Int16Array(lead + spoken.length + Math.round(silenceSeconds * wav.sampleRate) * frame);
  samples.set(spoken, lead);
  return writeWav({ ...wav, samples });
}
