import { type PageWidth, useRouteMeta } from './routeMeta.ts';

/**
 * The current route's content width (its `handle.width`, the deepest match wins). Layouts put it on
 * `.app-frame` as `data-width`; app.css turns it into `--page-width` / `--page-pad`, which the header,
 * the footer and every page's container use, so their edges line up.
 */
export function usePageWidth(fallback: PageWidth = 'wide'): PageWidth {
  return useRouteMeta().width ?? fallback;
}
