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
  /** For pages a later release builds: one honest line about what will be here. */
  soon?: string;
}

export function isRouteMeta(value: unknown): value is RouteMeta {
  return typeof value === 'object' && value !== null;
}
