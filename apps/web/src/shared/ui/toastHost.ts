import { create } from 'zustand';

/**
 * Set once the first toast has loaded the notifications package: the app then mounts the toast container.
 * The package loads with that first toast, so the first page does not carry it (DESIGN §8). Not before it
 * has loaded: a toast shown while the server is unreachable (a deploy) cannot fetch the package, and a
 * container mounted then would fail to render and take the whole page down with it. Its own module: the
 * first page mounts the container's host, not the toasts' code (notify.tsx).
 */
export const useToastHost = create<{ needed: boolean }>(() => ({ needed: false }));
