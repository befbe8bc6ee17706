import { ACTIVITY_EVENTS, hasBeenActive } from '../../shared/activity.ts';
import type { ChatMessage } from './messages.ts';

export interface ActivationSource {
  /** The visitor has already interacted with the page. */
  hasBeenActive: boolean;
  /** The page is on screen now (`document.visibilityState === 'visible'`). */
  isVisible(): boolean;
  addEventListener(type: string, listener: () => void, options: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void, options: EventListenerOptions): void;
}

/** Fired at `document` (it bubbles to `window`) when the tab is hidden or shown again. */
const VISIBILITY_EVENT = 'visibilitychange';
/** What opens the socket of a chat that did not connect at once. */
const WAKE_EVENTS = [...ACTIVITY_EVENTS, VISIBILITY_EVENT] as const;

function browserSource(): ActivationSource {
  const target = (type: string): EventTarget => (type === VISIBILITY_EVENT ? document : window);
  return {
    hasBeenActive: hasBeenActive(),
    isVisible: () => document.visibilityState === 'visible',
    addEventListener: (type, listener, options) => target(type).addEventListener(type, listener, options),
    removeEventListener: (type, listener, options) =>
      target(type).removeEventListener(type, listener, options),
  };
}

/**
 * A reply may still be on its way: the loaded history ends with the user's own message (sent before a
 * reload, not answered yet) or with a reply still being streamed.
 */
export function replyMayBePending(history: readonly Pick<ChatMessage, 'sender' | 'streaming'>[]): boolean {
  const last = history.at(-1);
  return !!last && (last.sender === 'user' || last.streaming);
}

/**
 * Whether the chat connects its socket without waiting for the visitor: they already interacted with the
 * page (a click led here), or a reply may be pending, which only the socket delivers.
 */
export function connectsAtOnce(input: {
  hasBeenActive: boolean;
  history: readonly Pick<ChatMessage, 'sender' | 'streaming'>[];
}): boolean {
  return input.hasBeenActive || replyMayBePending(input.history);
}

/**
 * Whether an event opens a waiting chat's socket: a tap, click, key or typed text, or the tab coming back
 * on screen (`visibilitychange` to visible: the visitor returns to a chat that may have news).
 */
export function wakesSocket(type: string, visible: boolean): boolean {
  return type === VISIBILITY_EVENT ? visible : (ACTIVITY_EVENTS as readonly string[]).includes(type);
}

/**
 * Runs `start` once the chat needs its socket (see connectsAtOnce): at once when the visitor already
 * interacted with the page (noted since the app started, so arriving from /gfs by a click counts) or when
 * the history says a reply may be pending; otherwise at the first tap, click, key or typed text, or when
 * the tab is shown again after being hidden. Returns a cancel.
 *
 * The chat's socket waits for this (DESIGN §8): socket.io-client and its connection are only needed to
 * send and to stream replies, and a visitor sends only after touching the page. Reading the history that
 * REST already loaded costs the first page no socket.io code.
 */
export function whenSocketNeeded(
  start: () => void,
  history: readonly Pick<ChatMessage, 'sender' | 'streaming'>[],
  source: ActivationSource = browserSource(),
): () => void {
  if (connectsAtOnce({ hasBeenActive: source.hasBeenActive, history })) {
    start();
    return () => {};
  }
  let done = false;
  const listeners = WAKE_EVENTS.map((type) => {
    const listener = () => {
      if (done || !wakesSocket(type, source.isVisible())) return;
      cancel();
      start();
    };
    return [type, listener] as const;
  });
  const cancel = () => {
    done = true;
    for (const [type, listener] of listeners) source.removeEventListener(type, listener, { capture: true });
  };
  for (const [type, listener] of listeners) {
    source.addEventListener(type, listener, { capture: true, passive: true });
  }
  return cancel;
}

/** The device is back on the network (`window`). */
const ONLINE_EVENT = 'online';

/**
 * Calls `retry` whenever a lost connection is worth trying again at once instead of at its next scheduled
 * attempt: the device comes back online, or the visitor brings the tab back on screen (a phone's
 * background tab sleeps through its timers). Returns a cancel.
 */
export function whenBack(retry: () => void, source: ActivationSource = browserSource()): () => void {
  const listeners = [ONLINE_EVENT, VISIBILITY_EVENT].map((type) => {
    const listener = () => {
      if (type === ONLINE_EVENT || source.isVisible()) retry();
    };
    source.addEventListener(type, listener, { passive: true });
    return [type, listener] as const;
  });
  return () => {
    for (const [type, listener] of listeners) source.removeEventListener(type, listener, {});
  };
}
