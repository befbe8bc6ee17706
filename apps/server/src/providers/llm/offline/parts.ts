import type { Rng } from '../../../random.ts';
import type { Profile } from './character.ts';
import type { Intent } from './intents.ts';
import type { Memory } from './memory.ts';
import type { Topic } from './topics.ts';

/** What a reply is composed from. */
export interface Ctx {
  p: Profile;
  memory: Memory;
  rng: Rng;
  /** Hour of the day in Moscow. */
  hour: number;
  /** The last user message, normalised, without the photo tag. */
  text: string;
  /** The vision service's description of the photo in the last message, normalised. */
  photo: string | null;
  intents: Intent[];
  /** Topics of the last message. */
  topics: Topic[];
  /** Her previous reply, normalised ('' when none). */
  previous: string;
}

/**
 * The body of a reply and what may follow it: `ask` a question about the user, `return` the question
 * back ("А у тебя?"), or `none` (the body already ends the turn, e.g. with its own question).
 */
export interface Part {
  body: string;
  follow: 'ask' | 'return' | 'none';
  /** What must not come back soon when it is not the body itself (a template filled differently). */
  key?: string;
}

export const part = (body: string, follow: Part['follow'] = 'ask'): Part => ({ body, follow });

/** "мне 23 года" → "Мне 23 года": a phrase put at the start of a sentence. */
export const capitalize = (s: string) => `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}`;
/** A sentence put after a comma or a colon. */
export const lowerFirst = (s: string) => `${s[0]?.toLowerCase() ?? ''}${s.slice(1)}`;
