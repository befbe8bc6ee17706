import type { CrisisLine } from '@podruga/shared';

/**
 * Her crisis reply (issue 27) as the chat reads it off a message's metadata (or a socket payload that
 * carries the same fields): `crisis: true`, and the help lines it showed when the server put them in
 * `crisis_lines`. Tiny on purpose: the chat's first load carries it, the reply's rendering loads when
 * one is shown (CrisisReply.tsx).
 */
export interface CrisisView {
  /** The lines the reply gave; null when the server did not list them (the text holds them). */
  lines: CrisisLine[] | null;
}

/** The fields a crisis reply carries, in its metadata or beside a streamed reply's end. */
export interface CrisisFields {
  crisis?: unknown;
  crisis_lines?: unknown;
}

function isLine(value: unknown): value is CrisisLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.name === 'string' &&
    (line.phone === undefined || typeof line.phone === 'string') &&
    (line.url === undefined || typeof line.url === 'string')
  );
}

/** The reply's crisis view, or null for every other message. */
export function crisisOf(fields: CrisisFields | null | undefined): CrisisView | null {
  if (fields?.crisis !== true) return null;
  const lines = Array.isArray(fields.crisis_lines) ? fields.crisis_lines.filter(isLine) : [];
  return { lines: lines.length > 0 ? lines : null };
}
