/** WAV files as the speech ports read and write them (16-bit mono PCM). */

/** 16-bit mono PCM samples with a WAV header. */
export function pcmWav(samples: Buffer, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/** A WAV's 16-bit mono PCM samples and their rate. */
export interface PcmWav {
  sampleRate: number;
  samples: Buffer;
}

/**
 * The samples of a 16-bit mono PCM WAV (any chunks around `fmt ` and `data`), or null for anything
 * else. A `data` size of 0 or past the end (a stream's header) means "the rest of the file".
 */
export function readPcmWav(wav: Buffer): PcmWav | null {
  if (
    wav.length < 12 ||
    wav.toString('latin1', 0, 4) !== 'RIFF' ||
    wav.toString('latin1', 8, 12) !== 'WAVE'
  ) {
    return null;
  }
  let format: { tag: number; channels: number; sampleRate: number; bits: number } | undefined;
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('latin1', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= wav.length) {
      format = {
        tag: wav.readUInt16LE(body),
        channels: wav.readUInt16LE(body + 2),
        sampleRate: wav.readUInt32LE(body + 4),
        bits: wav.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (format?.tag !== 1 || format.channels !== 1 || format.bits !== 16 || !format.sampleRate) {
        return null;
      }
      const end = size > 0 && body + size <= wav.length ? body + size : wav.length;
      return { sampleRate: format.sampleRate, samples: wav.subarray(body, end - ((end - body) % 2)) };
    }
    offset = body + size + (size % 2);
  }
  return null;
}
