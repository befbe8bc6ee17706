/**
 * What counts as the visitor turning to the page: a tap, a click, a key, typing (virtual keyboards). Not
 * focus: the page itself may move it. (The browser's own `navigator.userActivation` is no help: automated
 * and some browser-started loads count as active from the start.)
 */
export const ACTIVITY_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'input'] as const;

let active = false;

/** Notes the visitor's first interaction with the page; main.tsx starts it before anything renders. */
export function trackActivity(): void {
  const seen = () => {
    active = true;
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, seen, { capture: true });
  };
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, seen, { capture: true, passive: true });
}

/** The visitor has tapped, clicked or typed on this page load (client-side navigation keeps it). */
export function hasBeenActive(): boolean {
  return active;
}
