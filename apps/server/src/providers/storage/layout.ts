import { MEDIA_HOST_PREFIXES } from '@podruga/shared';

/**
 * Where a media name lives in the bucket or folder (decision 0025): at the path of its public URL, so
 * that `MEDIA_BASE_URL + mediaUrl(name)` is the object itself and a CDN or a public-read bucket can
 * serve it without the app.
 *
 * - an image is stored under a bare name (`<sha1>.png`, as the database keeps it) and served at
 *   `/pics/<name>`: its object is `pics/<name>`;
 * - `vids/<name>` (her videos, the preview clips) is served at `/vids/<name>`: the same path;
 * - `audio/…` (her spoken messages, the guide's examples) and `chats/<id>` are served only through the
 *   app's API routes (a session, a rate limit): never under the public prefixes.
 *
 * Before this decision an image's object was the bare name at the root: `legacyObjectPath` names where
 * such an image may still be, and the adapters read there when the new place has nothing.
 */
export function objectPath(key: string): string {
  return key.includes('/') ? key : `pics/${key}`;
}

/** Where an object was before decision 0025 (bare image names at the root), or null if it has not moved. */
export function legacyObjectPath(key: string): string | null {
  return key.includes('/') ? null : key;
}

/** The prefixes a CDN or a public-read bucket policy may expose (`pics/`, `vids/`); the rest stays private. */
export const PUBLIC_PREFIXES: readonly string[] = MEDIA_HOST_PREFIXES.map((prefix) => prefix.slice(1));

/** Content-addressed images (`<sha1>.<ext>`) and her videos (`her_<uuid>.mp4`) are never rewritten. */
const IMMUTABLE = [/^pics\/[0-9a-f]{40}\.(?:png|jpg|webp)$/, /^vids\/her_[A-Za-z0-9_-]+\.mp4$/];

/**
 * The Cache-Control of a media object, the same whether the app serves it (/pics, /vids) or the
 * bucket does (set on the object when it is written): a year for names that never change, an hour for
 * the rest (the preview clips are made again under the same names).
 */
export function cacheControlOf(key: string): string {
  const path = objectPath(key);
  return IMMUTABLE.some((pattern) => pattern.test(path))
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=3600';
}
