import type { Readable } from 'node:stream';
import type { ProviderInfo } from '../port.ts';

/** A stored object as read back. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Where media bytes live. Keys are the media names the database keeps: flat, safe names
 * ("<sha1>.png", an image) or "<folder>/<name>" (`vids/…`, `audio/…`); the port never accepts a key
 * that could leave its root (see `isSafeKey`). The adapters store each at the path of its public URL
 * (`layout.ts`, decision 0025: an image under `pics/`).
 */
export interface StoragePort extends ProviderInfo {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object under `prefix/` (a chat's folder). */
  deletePrefix(prefix: string): Promise<void>;
  /** Makes sure a folder exists (local); a no-op where folders are implicit (S3). */
  ensureFolder(prefix: string): Promise<void>;
  /** The path of a key under the media root, the same as its URL path (`/pics/x.png`, `/vids/…`). */
  url(key: string): string;
}

/** A stored object's bytes, at most `limit` of them (a bigger object is an error, never a huge buffer). */
export async function readStored(body: Readable, limit = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    length += (chunk as Buffer).length;
    if (length > limit) {
      body.destroy();
      throw new Error(`stored object over ${limit} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, length);
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** One or two segments of letters, digits, `_`, `-` and `.`, no `..`: nothing can escape the root. */
export function isSafeKey(key: string): boolean {
  const parts = key.split('/');
  return (
    parts.length >= 1 &&
    parts.length <= 2 &&
    parts.every((part) => SEGMENT.test(part) && !part.includes('..'))
  );
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

export function contentTypeOf(key: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}
