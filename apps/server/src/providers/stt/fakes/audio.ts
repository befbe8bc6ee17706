import { pcmWav } from '../../wav.ts';
/**
 * Real audio made in code for the tests (nothing binary is committed): a sine tone as 16 kHz mono
 * 16-bit PCM, wrapped as WAV (RIFF) or as a WebM (an EBML header with DocType "webm", a Segment with
 * Info, one audio track and a Cluster of SimpleBlocks carrying the samples).
 */

/** `seconds` of a `hz` tone at 16 kHz mono, little-endian 16-bit. */
export function tonePcm(seconds = 1, hz = 440, sampleRate = 16_000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / sampleRate) * 0.3 * 32767), i * 2);
  }
  return pcm;
}

/** A RIFF/WAVE file: `fmt ` (PCM, mono, 16 kHz, 16 bits) and `data`. */
export function wavTone(seconds = 1, hz = 440, sampleRate = 16_000): Buffer {
  const pcm = tonePcm(seconds, hz, sampleRate);
  return pcmWav(pcm, sampleRate);
}

/** An EBML element: its ID's bytes, its size as an 8-byte vint, its data. */
function element(id: number, data: Buffer): Buffer {
  const idBytes = Buffer.from(
    id
      .toString(16)
      .padStart(2, '0')
      .match(/../g)
      ?.map((h) => Number.parseInt(h, 16)) ?? [],
  );
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(data.length) | (1n << 56n));
  return Buffer.concat([idBytes, size, data]);
}
const uint = (id: number, value: number) => {
  const data = Buffer.alloc(4);
  data.writeUInt32BE(value);
  return element(id, data);
};
const text = (id: number, value: string) => element(id, Buffer.from(value, 'latin1'));
const float = (id: number, value: number) => {
  const data = Buffer.alloc(8);
  data.writeDoubleBE(value);
  return element(id, data);
};

/** The EBML header alone: what the route's check reads first. DocType "webm" (or "matroska"). */
export function ebmlHeader(docType = 'webm'): Buffer {
  return element(
    0x1a45dfa3,
    Buffer.concat([
      uint(0x4286, 1), // EBMLVersion
      uint(0x42f7, 1), // EBMLReadVersion
      uint(0x42f2, 4), // EBMLMaxIDLength
      uint(0x42f3, 8), // EBMLMaxSizeLength
      text(0x4282, docType),
      uint(0x4287, 4), // DocTypeVersion
      uint(0x4285, 2), // DocTypeReadVersion
    ]),
  );
}

/**
 * A WebM of the tone: 16 kHz mono PCM (A_PCM/INT/LIT) in 20 ms SimpleBlocks of track 1, timecodes in
 * milliseconds. What the browser's recorder makes is Opus, which needs an encoder; the container is
 * what the route and the fake check.
 */
export function webmTone(seconds = 1, hz = 440, sampleRate = 16_000): Buffer {
  const pcm = tonePcm(seconds, hz, sampleRate);
  const frameBytes = (sampleRate / 50) * 2;
  // One Cluster a second: a SimpleBlock's timecode is 16-bit, relative to its Cluster's.
  const clusters: Buffer[] = [];
  const secondBytes = sampleRate * 2;
  for (let second = 0; second * secondBytes < pcm.length; second++) {
    const blocks: Buffer[] = [];
    const end = Math.min(pcm.length, (second + 1) * secondBytes);
    for (let at = second * secondBytes, ms = 0; at < end; at += frameBytes, ms += 20) {
      const head = Buffer.from([0x81, (ms >> 8) & 0xff, ms & 0xff, 0x80]); // track 1, timecode, keyframe
      blocks.push(element(0xa3, Buffer.concat([head, pcm.subarray(at, Math.min(end, at + frameBytes))])));
    }
    clusters.push(element(0x1f43b675, Buffer.concat([uint(0xe7, second * 1000), ...blocks])));
  }
  const info = element(
    0x1549a966,
    Buffer.concat([uint(0x2ad7b1, 1_000_000), text(0x4d80, 'podruga-test'), text(0x5741, 'podruga-test')]),
  );
  const audio = element(0xe1, Buffer.concat([float(0xb5, sampleRate), uint(0x9f, 1), uint(0x6264, 16)]));
  const track = element(
    0xae,
    Buffer.concat([uint(0xd7, 1), uint(0x73c5, 1), uint(0x83, 2), text(0x86, 'A_PCM/INT/LIT'), audio]),
  );
  const tracks = element(0x1654ae6b, track);
  return Buffer.concat([ebmlHeader(), element(0x18538067, Buffer.concat([info, tracks, ...clusters]))]);
}
