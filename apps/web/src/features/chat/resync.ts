import type { Message } from '@podruga/shared';
import { type ChatMessage, fromServer, isStaleMediaUpdate } from './messages.ts';

/**
 * The chat's list after the socket came back (docs/decisions/0008-socket-reconnect.md). While it was down,
 * the page heard nothing: a reply may have finished, a stream may have been cut off by a crash, a message
 * may have been lost with the connection. The server's history is the truth for whatever it stored; what
 * only this page holds stays where it was:
 *
 * - every stored message, in the server's order, as the server has it (a finished reply replaces nothing
 *   on the page yet; a known message is refreshed);
 * - a reply that was still streaming is dropped: what the server kept of it is in the history, and it
 *   must not stay "typing" forever;
 * - a message of this page the server also has (equal sender and text: a user message whose `ack` was
 *   lost, a reply shown from the HTTP fallback) becomes the stored one;
 * - anything else of this page (an unsent message, a local fallback text, a limit card) is kept after the
 *   message it followed, and after the missed ones older than itself. A user message still waiting for its
 *   `ack` from before the connection was lost (`lostAt`) was lost with it: marked as not sent;
 * - her photo or video takes the server's state (a placeholder becomes the photo or its failure), except
 *   that a history fetched before the page heard it finish does not take it back to pending.
 */
export function mergeHistory(
  current: readonly ChatMessage[],
  history: readonly Message[],
  { now, lostAt }: { now: number; lostAt: number },
): ChatMessage[] {
  const stored = history.map((m) => fromServer(m, now));
  const storedIds = new Set(stored.map((m) => m.id));
  const shownById = new Map(current.map((m) => [m.id, m]));
  const onPage = new Set(shownById.keys());
  /** Stored messages this page has not shown under their id: missed, or shown under a temporary one. */
  const unclaimed = stored.filter((m) => !onPage.has(m.id));
  /** This page's own messages, by the id of the stored message they followed ('' for the top). */
  const localsAfter = new Map<string, ChatMessage[]>();
  let anchor = '';
  for (const message of current) {
    if (storedIds.has(message.id)) {
      anchor = message.id;
      continue;
    }
    if (message.streaming) continue;
    const twin = unclaimed.findIndex((m) => m.sender === message.sender && m.text === message.text);
    if (message.text && twin >= 0) {
      const [claimed] = unclaimed.splice(twin, 1);
      if (claimed) {
        onPage.add(claimed.id);
        anchor = claimed.id;
      }
      continue;
    }
    const lost = message.sender === 'user' && message.pending && message.timestamp < lostAt;
    const kept = lost ? { ...message, pending: false, failed: true } : message;
    localsAfter.set(anchor, [...(localsAfter.get(anchor) ?? []), kept]);
  }

  const merged: ChatMessage[] = [];
  let waiting = localsAfter.get('') ?? [];
  for (const row of stored) {
    const shown = shownById.get(row.id);
    const message = shown && isStaleMediaUpdate(shown, row) ? shown : row;
    if (onPage.has(message.id)) {
      // The page showed it after the ones waiting.
      merged.push(...waiting);
      waiting = [];
    } else {
      // Missed while the socket was down: it goes before the waiting ones made after it.
      while (waiting[0] && waiting[0].timestamp < message.timestamp)
        merged.push(waiting.shift() as ChatMessage);
    }
    merged.push(message);
    waiting = [...waiting, ...(localsAfter.get(message.id) ?? [])];
  }
  return [...merged, ...waiting];
}
