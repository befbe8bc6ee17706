import { describe, expect, it } from 'vitest';
import { ebmlHeader, wavTone, webmTone } from '../../providers/stt/fakes/audio.ts';
import { ebmlDocType, sniffAudio } from './audio-format.ts';

describe('sniffAudio', () => {
  it('knows WebM by its EBML header, and reads the DocType', () => {
    expect(ebmlDocType(webmTone(0.1))).toBe('webm');
    expect(sniffAudio(webmTone(0.1))).toBe('audio/webm');
    expect(ebmlDocType(ebmlHeader('matroska'))).toBe('matroska');
    expect(sniffAudio(ebmlHeader('matroska'))).toBe('audio/webm');
  });

  it('reads the short size forms browsers write (1-byte sizes)', () => {
    // What Chrome's MediaRecorder begins with: EBML, size 0x9f (31), …, DocType (0x4282) size 0x84 "webm".
    const chrome = Buffer.from(
      '1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701ffffffffffffff',
      'hex',
    );
    expect(ebmlDocType(chrome)).toBe('webm');
    expect(sniffAudio(chrome)).toBe('audio/webm');
  });

  it('refuses an EBML file of another kind, a broken header, or a header cut short', () => {
    expect(sniffAudio(ebmlHeader('mkv-but-not'))).toBeUndefined();
    const header = ebmlHeader();
    expect(sniffAudio(header.subarray(0, 20))).toBeUndefined();
    const broken = Buffer.from(header);
    broken[4] = 0; // a size with no marker bit
    expect(sniffAudio(broken)).toBeUndefined();
  });

  it('knows WAV, Ogg and MP4 by their first bytes', () => {
    expect(sniffAudio(wavTone(0.1))).toBe('audio/wav');
    expect(sniffAudio(Buffer.from('OggS\0\x02\0\0\0\0\0\0\0\0', 'latin1'))).toBe('audio/ogg');
    expect(sniffAudio(Buffer.from('\0\0\0\x18ftypM4A \0\0\0\0', 'latin1'))).toBe('audio/mp4');
  });

  it('refuses everything else', () => {
    for (const text of ['', 'short', 'RIFF\0\0\0\0AVI LIST', 'ID3\x04\0\0\0\0\0\0\0\0', '\0\0\0\0ftyp']) {
      expect(sniffAudio(Buffer.from(text, 'latin1')), JSON.stringify(text)).toBeUndefined();
    }
  });
});
