/**
 * Media names → URLs (001 §3 "Image URLs"; 000 §3): a path starting with / or a URL (http, blob, data)
 * is kept; `vids/…` and `audio/…` get a leading slash; a video name maps to /vids/; any other bare name
 * is an image under /pics/. With a media host, relative paths are prefixed with it.
 */
export function mediaUrl(name: string | null | undefined, mediaBase = ''): string | null {
  if (!name) return null;
  if (/^(https?:|blob:|data:)/.test(name)) return name;
  const base = mediaBase.replace(/\/+$/, '');
  if (name.startsWith('/')) return `${base}${name}`;
  if (name.startsWith('vids/') || name.startsWith('audio/')) return `${base}/${name}`;
  if (/\.(mp4|webm|mov)$/i.test(name)) return `${base}/vids/${name}`;
  return `${base}/pics/${name}`;
}
