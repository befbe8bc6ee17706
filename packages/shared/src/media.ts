/**
 * The URL paths a separate media host (MEDIA_BASE_URL: a CDN or a public-read bucket) serves. The
 * server stores each object at the same path in its bucket or folder (decision 0025), so
 * `MEDIA_BASE_URL + mediaUrl(name)` is the object itself. Everything else (her spoken messages under
 * `audio/`, the API) is served only by the app.
 */
export const MEDIA_HOST_PREFIXES = ['/pics/', '/vids/'] as const;

/**
 * Media names → URLs (001 §3 "Image URLs"; 000 §3): a path starting with / or a URL (http, blob, data)
 * is kept; `vids/…` and `audio/…` get a leading slash; a video name maps to /vids/; any other bare name
 * is an image under /pics/. With a media host, paths under /pics/ and /vids/ are prefixed with it; other
 * paths stay on the app.
 */
export function mediaUrl(name: string | null | undefined, mediaBase = ''): string | null {
  if (!name) return null;
  if (/^(https?:|blob:|data:)/.test(name)) return name;
  const path = name.startsWith('/')
    ? name
    : name.startsWith('vids/') || name.startsWith('audio/')
      ? `/${name}`
      : /\.(mp4|webm|mov)$/i.test(name)
        ? `/vids/${name}`
        : `/pics/${name}`;
  const base = mediaBase.replace(/\/+$/, '');
  return base && MEDIA_HOST_PREFIXES.some((prefix) => path.startsWith(prefix)) ? `${base}${path}` : path;
}
