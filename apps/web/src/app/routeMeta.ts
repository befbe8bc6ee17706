import { createContext, useContext } from 'react';

/** What a route declares in its `handle` (002 §2 route table "Notes"). */
export interface RouteMeta {
  /** Page name for the tab title "{title} — {brand}"; absent → the brand's own title. */
  title?: string;
  /** Needs a stored auth token (002 §2 guard rule 5). */
  requiresAuth?: boolean;
  /** Debug page: needs the server's blessing of `?token=` (002 §2 guard rule 2). */
  debug?: 'hell' | 'dialogs';
  /** Handled before the session exists (affiliate links: "auth skipped"). */
  skipAuth?: boolean;
  /**
   * How wide the page's content is; the header (and footer) line up with it. `form` — the wizard's
   * one column, `wide` (default) — two-column pages, `chat` — the chat column, `full` — edge to edge
   * (001 §2: /gfs is rendered full width).
   */
  width?: PageWidth;
}

export type PageWidth = 'form' | 'wide' | 'chat' | 'full';

export function isRouteMeta(value: unknown): value is RouteMeta {
  return typeof value === 'object' && value !== null;
}

/** The shown route's meta (every match's `handle`, the deepest winning), provided by app/RouterRoot.tsx. */
export const RouteMetaContext = createContext<RouteMeta>({});

export function useRouteMeta(): RouteMeta {
  return useContext(RouteMetaContext);
}
