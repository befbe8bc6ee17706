/**
 * The router, reachable from code that lives outside React (the API client's maintenance hook). Set once
 * the router exists.
 */
interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
  readonly state: { initialized: boolean };
}

let router: Navigator | null = null;
let maintenance = false;

export function setRouter(value: Navigator): void {
  router = value;
}

export function isMaintenance(): boolean {
  return maintenance;
}

/** A 503 "maintenance" answer: show the maintenance page (the guard does it if the router is still loading). */
export function enterMaintenance(): void {
  maintenance = true;
  if (router?.state.initialized) void router.navigate('/maintenance', { replace: true });
}

/** Client-side navigation from outside React (a clicked notification); a full load before the router exists. */
export function navigateTo(path: string): void {
  if (router?.state.initialized) void router.navigate(path);
  else location.assign(path);
}
