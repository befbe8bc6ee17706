import { useMatches } from 'react-router';
import { isRouteMeta, type PageWidth } from './routeMeta.ts';

/**
 * The current route's content width (its `handle.width`, the deepest match wins). Layouts put it on
 * `.app-frame` as `data-width`; app.css turns it into `--page-width` / `--page-pad`, which the header,
 * the footer and every page's container use, so their edges line up.
 */
export function usePageWidth(fallback: PageWidth = 'wide'): PageWidth {
  const matches = useMatches();
  let width = fallback;
  for (const match of matches)
    if (isRouteMeta(match.handle) && match.handle.width) width = match.handle.width;
  return width;
}
