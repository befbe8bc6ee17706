import { mediaUrl } from '@podruga/shared';

/**
 * The media host (MEDIA_BASE_URL, decision 0025) from the server's meta tag: an http(s) URL without its
 * trailing slash, else '' (this server serves /pics and /vids: the default, and vite dev's raw
 * index.html with an empty meta).
 */
export function resolveMediaBase(metaContent: string | null | undefined): string {
  const value = metaContent?.trim() ?? '';
  let protocol = '';
  try {
    protocol = new URL(value).protocol;
  } catch {
    return '';
  }
  return protocol === 'https:' || protocol === 'http:' ? value.replace(/\/+$/, '') : '';
}

let current: string | undefined;

/** The media host of this page, read once from the document (none outside a page: unit tests, workers). */
export function mediaBase(): string {
  if (current === undefined) {
    const meta =
      typeof document === 'undefined'
        ? null
        : document.querySelector('meta[name="podruga-media"]')?.getAttribute('content');
    current = resolveMediaBase(meta);
  }
  return current;
}

/** Tests: forget the base read, so the next call reads the document again. */
export function resetMediaBase(): void {
  current = undefined;
}

/** A media name (or URL) → the URL the page loads it from: on the media host when there is one. */
export function mediaSrc(name: string | null | undefined): string | null {
  return mediaUrl(name, mediaBase());
}
