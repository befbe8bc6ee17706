/**
 * Reads what the tests check of an MP4: the top-level boxes, the movie's duration (mvhd), and each
 * track's handler, duration (mdhd) and sample entry (stsd: `avc1` for H.264). ISO/IEC 14496-12.
 */
export interface Mp4Summary {
  topLevel: string[];
  brand: string;
  durationSeconds: number;
  tracks: { handler: string; durationSeconds: number; codec: string; width: number; height: number }[];
}

interface Box {
  type: string;
  start: number;
  end: number;
  /** Where the box's content begins (after size, type and, for full boxes, nothing more). */
  body: number;
}

function boxes(bytes: Buffer, start: number, end: number): Box[] {
  const found: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < 8 || at + size > end) throw new Error(`box ${type} overruns its parent`);
    found.push({ type, start: at, end: at + size, body });
    at += size;
  }
  return found;
}

const child = (bytes: Buffer, parent: Box, type: string, skip = 0) =>
  boxes(bytes, parent.body + skip, parent.end).find((b) => b.type === type);

/** Timescale and duration of an mvhd or mdhd (version 0 or 1). */
function timing(bytes: Buffer, box: Box): number {
  const version = bytes[box.body];
  if (version === 1) {
    const timescale = bytes.readUInt32BE(box.body + 20);
    return Number(bytes.readBigUInt64BE(box.body + 24)) / timescale;
  }
  const timescale = bytes.readUInt32BE(box.body + 12);
  return bytes.readUInt32BE(box.body + 16) / timescale;
}

export function readMp4(bytes: Buffer): Mp4Summary {
  const top = boxes(bytes, 0, bytes.length);
  const ftyp = top.find((b) => b.type === 'ftyp');
  const moov = top.find((b) => b.type === 'moov');
  if (!ftyp || !moov) throw new Error('not an MP4: no ftyp or moov');
  const mvhd = child(bytes, moov, 'mvhd');
  if (!mvhd) throw new Error('no mvhd');
  const tracks = boxes(bytes, moov.body, moov.end)
    .filter((b) => b.type === 'trak')
    .map((trak) => {
      const mdia = child(bytes, trak, 'mdia');
      const mdhd = mdia && child(bytes, mdia, 'mdhd');
      const hdlr = mdia && child(bytes, mdia, 'hdlr');
      const minf = mdia && child(bytes, mdia, 'minf');
      const stbl = minf && child(bytes, minf, 'stbl');
      // stsd: version/flags (4) and the entry count (4), then the sample entries.
      const entry = stbl && child(bytes, stbl, 'stsd');
      if (!mdhd || !hdlr || !entry) throw new Error('incomplete track');
      const sample = boxes(bytes, entry.body + 8, entry.end)[0];
      if (!sample) throw new Error('no sample entry');
      // A visual sample entry: 6 reserved + 2 index + 16 predefined/reserved, then width and height.
      return {
        handler: bytes.toString('latin1', hdlr.body + 8, hdlr.body + 12),
        durationSeconds: timing(bytes, mdhd),
        codec: sample.type,
        width: bytes.readUInt16BE(sample.body + 24),
        height: bytes.readUInt16BE(sample.body + 26),
      };
    });
  return {
    topLevel: top.map((b) => b.type),
    brand: bytes.toString('latin1', ftyp.body, ftyp.body + 4),
    durationSeconds: timing(bytes, mvhd),
    tracks,
  };
}
