import { ACTIVITY_EVENTS, hasBeenActive } from '../../shared/activity.ts';

export interface ActivationSource {
  /** The visitor has already interacted with the page. */
  hasBeenActive: boolean;
  addEventListener(type: string, listener: () => void, options: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void, options: EventListenerOptions): void;
}

function browserSource(): ActivationSource {
  return {
    hasBeenActive: hasBeenActive(),
    addEventListener: (type, listener, options) => window.addEventListener(type, listener, options),
    removeEventListener: (type, listener, options) => window.removeEventListener(type, listener, options),
  };
}

/**
 * Runs `start` once the visitor has interacted with the page: at once when they already have (noted since
 * the app started, so arriving from /gfs by a click counts), otherwise at the first tap, click, key or
 * typed text. Returns a cancel.
 *
 * The chat's socket waits for this (DESIGN §8): socket.io-client and its connection are only needed to
 * send and to stream replies, and a visitor sends only after touching the page. Reading the history that
 * REST already loaded costs the first page no socket.io code.
 */
export function whenUserActive(start: () => void, source: ActivationSource = browserSource()): () => void {
  if (source.hasBeenActive) {
    start();
    return () => {};
  }
  let done = false;
  const fire = () => {
    if (done) return;
    cancel();
    start();
  };
  const cancel = () => {
    done = true;
    for (const type of ACTIVITY_EVENTS) source.removeEventListener(type, fire, { capture: true });
  };
  for (const type of ACTIVITY_EVENTS) source.addEventListener(type, fire, { capture: true, passive: true });
  return cancel;
}
