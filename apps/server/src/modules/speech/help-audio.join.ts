import { pcmWav, readPcmWav } from '../../providers/wav.ts';

/**
 * Several spoken lines made into one recording with silence between them (the help guide's call
 * sample): WAV by its PCM samples, MP3 by its frames. Null when the parts cannot be joined this way
 * (another format, or parts that differ in rate or channels); the caller then speaks the lines as one.
 */
export function joinSpeech(parts: Buffer[], contentType: string, pauseMs: number): Buffer | null {
  if (parts.length === 0) return null;
  if (contentType === 'audio/wav') return joinWav(parts, pauseMs);
  if (contentType === 'audio/mpeg' || contentType === 'audio/mp3') return joinMp3(parts, pauseMs);
  return null;
}

/** 16-bit mono WAVs of one sample rate, joined with `pauseMs` of zero samples between them. */
export function joinWav(parts: Buffer[], pauseMs: number): Buffer | null {
  const read = parts.map(readPcmWav);
  const first = read[0];
  if (!first || read.some((part) => part?.sampleRate !== first.sampleRate)) return null;
  const silence = Buffer.alloc(Math.round((first.sampleRate * pauseMs) / 1000) * 2);
  const pieces: Buffer[] = [];
  read.forEach((part, i) => {
    if (i > 0) pieces.push(silence);
    pieces.push((part as NonNullable<typeof part>).samples);
  });
  return pcmWav(Buffer.concat(pieces), first.sampleRate);
}

/** Layer III bitrates (kbit/s) by index: MPEG-1, then MPEG-2 and 2.5. */
const BITRATES = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
} as const;
/** Sample rates by the header's version bits (0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1). */
const SAMPLE_RATES: Record<number, readonly number[]> = {
  0: [11025, 12000, 8000],
  2: [22050, 24000, 16000],
  3: [44100, 48000, 32000],
};

export interface Mp3Frame {
  /** Where the frame starts in its buffer, and its length with the header. */
  offset: number;
  length: number;
  /** The padding byte's count (0 or 1), part of `length`. */
  padding: number;
  /** What must match across the joined parts: version, sample rate and channel mode. */
  kind: string;
  sampleRate: number;
  samplesPerFrame: number;
  /** A Xing, Info or VBRI frame: the encoder's summary of its own file, wrong for a joined one. */
  summary: boolean;
}

/** The Layer III frame whose header starts at `at`, or null. */
function frameAt(mp3: Buffer, at: number): Mp3Frame | null {
  if (at + 4 > mp3.length) return null;
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = mp3.subarray(at, at + 4);
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const rates = SAMPLE_RATES[version];
  if (!rates || layer !== 1) return null;
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? BITRATES.mpeg1 : BITRATES.mpeg2)[b2 >> 4];
  const sampleRate = rates[(b2 >> 2) & 3];
  if (!bitrate || !sampleRate) return null;
  const padding = (b2 >> 1) & 1;
  const length = Math.floor(((mpeg1 ? 144_000 : 72_000) * bitrate) / sampleRate) + padding;
  if (at + length > mp3.length) return null;
  const mono = b3 >> 6 === 3;
  const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const tagAt = at + 4 + ((b1 & 1) === 0 ? 2 : 0) + sideInfo;
  const tag = mp3.toString('latin1', tagAt, tagAt + 4);
  return {
    offset: at,
    length,
    padding,
    kind: `${version}:${sampleRate}:${b3 >> 6}`,
    sampleRate,
    samplesPerFrame: mpeg1 ? 1152 : 576,
    summary: tag === 'Xing' || tag === 'Info' || mp3.toString('latin1', at + 36, at + 40) === 'VBRI',
  };
}

/** An ID3v2 tag's whole length at the start of a file, or 0. */
function id3Length(mp3: Buffer): number {
  if (mp3.length < 10 || mp3.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size = mp3.subarray(6, 10).reduce((sum, byte) => (sum << 7) | (byte & 0x7f), 0);
  const footer = ((mp3[5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** The audio frames of an MP3, past its ID3v2 tag, without the encoder's summary frame. */
export function mp3Frames(mp3: Buffer): Mp3Frame[] {
  const frames: Mp3Frame[] = [];
  let at = id3Length(mp3);
  while (at + 4 <= mp3.length) {
    const frame = frameAt(mp3, at);
    if (!frame) {
      // An ID3v1 or APE tag ends the audio; anything else is skipped a byte at a time (resync).
      const rest = mp3.toString('latin1', at, at + 8);
      if (rest.startsWith('TAG') || rest === 'APETAGEX') break;
      at += 1;
      continue;
    }
    if (!(frames.length === 0 && frame.summary)) frames.push(frame);
    at += frame.length;
  }
  return frames;
}

/**
 * A silent Layer III frame like `model`: its header without padding or CRC, then zeros (side
 * information of zeros: no main data, every spectral value zero).
 */
function silentFrame(mp3: Buffer, model: Mp3Frame): Buffer {
  const frame = Buffer.alloc(model.length - model.padding);
  mp3.copy(frame, 0, model.offset, model.offset + 4);
  frame[1] = (frame[1] ?? 0) | 0x01; // no CRC
  frame[2] = (frame[2] ?? 0) & ~0x02; // no padding
  return frame;
}

/**
 * MP3s joined frame by frame with silent frames between them. Each part's first frame starts with an
 * empty bit reservoir (an encoder's stream always does), so frames need no re-encoding; the parts'
 * ID3 tags and Xing/Info frames are left out (a first part's Info frame would give the whole file
 * the first line's duration). Null unless every part has frames of one version, rate and channel mode.
 */
export function joinMp3(parts: Buffer[], pauseMs: number): Buffer | null {
  const framed = parts.map((part) => ({ part, frames: mp3Frames(part) }));
  const model = framed[0]?.frames[0];
  if (!model) return null;
  for (const { frames } of framed) {
    if (frames.length === 0 || frames.some((frame) => frame.kind !== model.kind)) return null;
  }
  const silence = silentFrame(framed[0]?.part as Buffer, model);
  const silentCount = Math.ceil((pauseMs / 1000) * (model.sampleRate / model.samplesPerFrame));
  const pieces: Buffer[] = [];
  framed.forEach(({ part, frames }, i) => {
    if (i > 0) for (let n = 0; n < silentCount; n++) pieces.push(silence);
    for (const frame of frames) pieces.push(part.subarray(frame.offset, frame.offset + frame.length));
  });
  return Buffer.concat(pieces);
}
