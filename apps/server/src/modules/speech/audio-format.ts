import type { SttAudioType } from '../../providers/stt/port.ts';

const EBML_MAGIC = 0x1a45dfa3;
const DOC_TYPE_ID = 0x4282;

/** An EBML variable-length integer at `at`: its length in bytes and value; undefined when malformed. */
function vint(bytes: Buffer, at: number): { length: number; value: number } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > bytes.length) return undefined;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (bytes[at + i] as number);
  return { length, value };
}

/** An EBML element ID (its marker bits kept) at `at`. */
function elementId(bytes: Buffer, at: number): { length: number; id: number } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (length > 4 || at + length > bytes.length) return undefined;
  return { length, id: bytes.readUIntBE(at, length) };
}

/**
 * The DocType of an EBML header ("webm", "matroska"), read from the header element's children;
 * undefined when the bytes do not begin with a well-formed EBML header.
 */
export function ebmlDocType(bytes: Buffer): string | undefined {
  if (bytes.length < 5 || bytes.readUInt32BE(0) !== EBML_MAGIC) return undefined;
  const size = vint(bytes, 4);
  if (!size) return undefined;
  let at = 4 + size.length;
  const end = Math.min(bytes.length, at + size.value);
  while (at < end) {
    const id = elementId(bytes, at);
    const length = id && vint(bytes, at + id.length);
    if (!id || !length) return undefined;
    const data = at + id.length + length.length;
    if (data + length.value > end) return undefined;
    if (id.id === DOC_TYPE_ID) return bytes.toString('latin1', data, data + length.value).replace(/\0+$/, '');
    at = data + length.value;
  }
  return undefined;
}

/**
 * Which of the accepted containers the bytes are, by their own header (not the declared type: browsers
 * label the same recording audio/webm, video/webm or application/octet-stream): WebM by its EBML
 * header with DocType webm or matroska, Ogg by `OggS`, WAV by `RIFF….WAVE`, MP4/M4A by its `ftyp` box.
 * Undefined for anything else.
 */
export function sniffAudio(bytes: Buffer): SttAudioType | undefined {
  if (bytes.length < 12) return undefined;
  const ascii = (offset: number, text: string) =>
    bytes.toString('latin1', offset, offset + text.length) === text;
  if (bytes.readUInt32BE(0) === EBML_MAGIC) {
    const docType = ebmlDocType(bytes);
    return docType === 'webm' || docType === 'matroska' ? 'audio/webm' : undefined;
  }
  if (ascii(0, 'OggS')) return 'audio/ogg';
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return 'audio/wav';
  if (ascii(4, 'ftyp') && bytes.readUInt32BE(0) >= 8) return 'audio/mp4';
  return undefined;
}
