import { describe, expect, it } from 'vitest';
import { pcmWav, readPcmWav } from '../../providers/wav.ts';
import { joinMp3, joinSpeech, joinWav, mp3Frames } from './help-audio.join.ts';

/** MPEG-1 Layer III, no CRC, 128 kbit/s, 44.1 kHz, mono: 417 bytes a frame (418 padded). */
const HEADER = [0xff, 0xfb, 0x90, 0xc0];

/** A frame filled with `fill` after its header and zeroed side information (a Xing/Info tag if asked). */
function frame(fill: number, options: { padded?: boolean; tag?: string; header?: number[] } = {}): Buffer {
  const header = [...(options.header ?? HEADER)];
  if (options.padded) header[2] = (header[2] ?? 0) | 0x02;
  const bytes = Buffer.alloc(options.padded ? 418 : 417, fill);
  Buffer.from(header).copy(bytes, 0);
  bytes.fill(0, 4, 21);
  if (options.tag) bytes.write(options.tag, 21, 'latin1');
  return bytes;
}

/** An ID3v2 tag of `size` bytes after its header. */
function id3(size: number): Buffer {
  const tag = Buffer.alloc(10 + size, 0x20);
  tag.write('ID3', 0, 'latin1');
  tag[3] = 4;
  tag[4] = 0;
  tag[5] = 0;
  tag[6] = (size >> 21) & 0x7f;
  tag[7] = (size >> 14) & 0x7f;
  tag[8] = (size >> 7) & 0x7f;
  tag[9] = size & 0x7f;
  return tag;
}

/** An encoder's file: ID3 tag, Info frame, `count` audio frames of `fill`, an ID3v1 tag at the end. */
function mp3File(fill: number, count: number): Buffer {
  const v1 = Buffer.alloc(128, 0x20);
  v1.write('TAG', 0, 'latin1');
  const frames = Array.from({ length: count }, (_, i) => frame(fill, { padded: i % 3 === 1 }));
  return Buffer.concat([id3(300), frame(0, { tag: 'Info' }), ...frames, v1]);
}

describe('mp3Frames', () => {
  it('walks the frames past an ID3 tag, leaves out the Info frame and stops at ID3v1', () => {
    const frames = mp3Frames(mp3File(0x11, 5));
    expect(frames).toHaveLength(5);
    expect(frames.map((f) => f.length)).toEqual([417, 418, 417, 417, 418]);
    expect(frames.every((f) => f.sampleRate === 44_100 && f.samplesPerFrame === 1152)).toBe(true);
  });

  it('finds nothing in text, a WAV or an empty buffer', () => {
    expect(mp3Frames(Buffer.from('не звук'))).toEqual([]);
    expect(mp3Frames(pcmWav(Buffer.alloc(2000), 22_050))).toEqual([]);
    expect(mp3Frames(Buffer.alloc(0))).toEqual([]);
  });
});

describe('joinMp3', () => {
  it('puts the parts’ frames in order with silent frames between them, without tags or Info frames', () => {
    const pauseMs = 1000;
    const joined = joinMp3([mp3File(0x11, 4), mp3File(0x22, 3), mp3File(0x33, 2)], pauseMs) as Buffer;
    expect(joined.toString('latin1', 0, 3)).not.toBe('ID3');
    expect(joined.includes('TAG')).toBe(false);
    expect(joined.includes('Info')).toBe(false);
    const frames = mp3Frames(joined);
    // 1 s at 44.1 kHz is 38.3 frames of 1152 samples: 39 silent frames between each pair.
    expect(frames).toHaveLength(4 + 39 + 3 + 39 + 2);
    const fills = frames.map((f) => joined[f.offset + 30]);
    expect(fills).toEqual([
      ...Array(4).fill(0x11),
      ...Array(39).fill(0),
      ...Array(3).fill(0x22),
      ...Array(39).fill(0),
      ...Array(2).fill(0x33),
    ]);
    // A silent frame: the same header, no padding, no CRC, all zeros after it.
    const silent = frames[4] as (typeof frames)[number];
    expect([...joined.subarray(silent.offset, silent.offset + 4)]).toEqual(HEADER);
    expect(joined.subarray(silent.offset + 4, silent.offset + silent.length).every((b) => b === 0)).toBe(
      true,
    );
  });

  it('refuses parts of another rate or channel mode, and parts with no frames', () => {
    const stereo = frame(0x44, { header: [0xff, 0xfb, 0x90, 0x00] });
    const rate48k = frame(0x44, { header: [0xff, 0xfb, 0x94, 0xc0] });
    expect(joinMp3([mp3File(0x11, 2), stereo], 500)).toBeNull();
    expect(joinMp3([mp3File(0x11, 2), rate48k], 500)).toBeNull();
    expect(joinMp3([mp3File(0x11, 2), Buffer.from('oops')], 500)).toBeNull();
    expect(joinMp3([], 500)).toBeNull();
  });
});

describe('joinWav', () => {
  it('joins the samples with the pause in zero samples and writes one header with the real sizes', () => {
    const a = Buffer.alloc(4000, 0x11);
    const b = Buffer.alloc(6000, 0x22);
    const joined = joinWav([pcmWav(a, 16_000), pcmWav(b, 16_000)], 250) as Buffer;
    const pause = 16_000 * 0.25 * 2;
    expect(joined.length).toBe(44 + a.length + pause + b.length);
    expect(joined.readUInt32LE(4)).toBe(joined.length - 8);
    expect(joined.readUInt32LE(40)).toBe(joined.length - 44);
    const read = readPcmWav(joined);
    expect(read?.sampleRate).toBe(16_000);
    expect(read?.samples.subarray(0, a.length).equals(a)).toBe(true);
    expect(read?.samples.subarray(a.length, a.length + pause).every((x) => x === 0)).toBe(true);
    expect(read?.samples.subarray(a.length + pause).equals(b)).toBe(true);
  });

  it('refuses WAVs of different rates and what is not a 16-bit mono WAV', () => {
    expect(joinWav([pcmWav(Buffer.alloc(10), 16_000), pcmWav(Buffer.alloc(10), 22_050)], 100)).toBeNull();
    const stereo = pcmWav(Buffer.alloc(40), 16_000);
    stereo.writeUInt16LE(2, 22);
    expect(joinWav([pcmWav(Buffer.alloc(10), 16_000), stereo], 100)).toBeNull();
    expect(joinWav([Buffer.from('RIFF....WAVEjunk')], 100)).toBeNull();
  });
});

describe('readPcmWav', () => {
  it('reads past other chunks, and takes a streamed header’s unknown size as the rest of the file', () => {
    const wav = pcmWav(Buffer.alloc(100, 7), 24_000);
    const list = Buffer.alloc(12);
    list.write('LIST', 0, 'latin1');
    list.writeUInt32LE(4, 4);
    const withList = Buffer.concat([wav.subarray(0, 36), list, wav.subarray(36)]);
    withList.writeUInt32LE(0xffffffff, 36 + 12 + 4);
    expect(readPcmWav(withList)).toEqual({ sampleRate: 24_000, samples: Buffer.alloc(100, 7) });
  });
});

describe('joinSpeech', () => {
  it('joins by the content type and leaves other formats alone', () => {
    expect(joinSpeech([pcmWav(Buffer.alloc(10), 8000)], 'audio/wav', 10)).not.toBeNull();
    expect(joinSpeech([mp3File(1, 1)], 'audio/mpeg', 10)).not.toBeNull();
    expect(joinSpeech([Buffer.alloc(10)], 'audio/ogg', 10)).toBeNull();
  });
});
