/**
 * The crisis protocol (issue 27, California SB 243): a message that expresses suicidal ideation or
 * self-harm is answered, before anything else, by a caring reply that steps out of the role-play and
 * gives real help. The lines are configurable per brand and country (the server's CRISIS_LINES); these
 * are the defaults, each verified from the official source it cites (docs/SAFETY.md).
 *
 * The server stores that reply with `metadata.crisis = true`; the web app shows it as her message with
 * the lines as links, and the public page `CRISIS_PAGE_PATH` describes the protocol.
 */

/** One help line. */
export interface CrisisLine {
  /** The service's own name, in Russian where it has one. */
  name: string;
  /** A number to call, as it is dialled in that country ("8-800-…", "988"). */
  phone?: string;
  /** A web address of the service (chat, text, the list of local lines). */
  url?: string;
  /** When it answers ("круглосуточно"), in Russian. */
  hours: string;
  /** Free of charge to call. */
  free: boolean;
  /** Who it is for, when not everyone ("для детей и подростков"). */
  audience?: string;
  /** The official page this line was verified on. */
  source: string;
}

/** Lines by ISO 3166-1 alpha-2 country code; `default` for a country without its own. */
export type CrisisLines = Record<string, CrisisLine[]>;

/** Where the protocol is published (public, in the help guide too). */
export const CRISIS_PAGE_PATH = '/help/crisis';

/** Filled and verified by the crisis protocol's work (issue 27). */
export const DEFAULT_CRISIS_LINES: CrisisLines = {
  default: [],
};
