import { checkChatText, checkText } from '../../../modules/safety/safety.ts';
import type { ChatTurn } from '../port.ts';
import { detectIntents, type Intent, withoutPhoto } from './intents.ts';
import { type NameForms, userNameForms } from './names.ts';
import { type Topic, topicsOf } from './topics.ts';

const TOPIC_LOOKBACK = 12;
const TOPIC_SCAN_CHARS = 1000;

/** Messages she does not take up: their topics are not asked about, now or later. */
export const UNHEARD: readonly Intent[] = ['unsafe', 'explicit', 'parrot', 'rude'];

/** A message she refuses or deflects (the safety rules, explicit, "повтори", insults). */
function isUnheard(text: string): boolean {
  return !checkChatText(withoutPhoto(text)).ok || detectIntents(text).some((i) => UNHEARD.includes(i));
}

/** What she remembers of the chat: the user's name and what the user talked about earlier. */
export interface Memory {
  name: NameForms | null;
  /** The user gave the name in the last message. */
  nameIsNew: boolean;
  /** Topics of earlier user messages, the most recent first (not those of the last two). */
  earlierTopics: Topic[];
}

const INTRO =
  /(?:меня зовут|зови меня|мо[её] имя|my name is|call me)\s*[:—–-]?\s*([\p{L}][\p{L}-]{1,19})(?![\p{L}\p{N}])/iu;

/** Words that follow "меня зовут" but are not names. */
const NOT_NAMES = new Set([
  'не',
  'тебя',
  'так',
  'как',
  'никак',
  'просто',
  'кстати',
  'вообще',
  'все',
  'всё',
  'бот',
  'никто',
  'никому',
  'она',
  'он',
  'они',
  'его',
  'её',
  'ее',
  'the',
  'not',
  'is',
]);
/** Insults and obscenity: she does not call anyone that, whatever they ask. */
const RUDE =
  /дур|идиот|лох|коз[её]л|сук|твар|хуй|хуе|пизд|еба|ёба|бля|жоп|член|секс|порн|гитлер|fuck|shit|dick|sex|porn/i;

/**
 * The user's first name from "меня зовут …" (the latest one wins). It is the only thing of the user's
 * she ever repeats, so it must look like a name: one word of letters, no insult, nothing the safety
 * rules refuse (minors, real people).
 */
export function userNameOf(text: string): string | null {
  const match = INTRO.exec(withoutPhoto(text));
  const raw = match?.[1];
  if (!raw) return null;
  const lower = raw.toLowerCase();
  if (NOT_NAMES.has(lower) || RUDE.test(lower) || !checkText(raw).ok) return null;
  return lower
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('-');
}

export function memoryOf(history: ChatTurn[]): Memory {
  const userTurns = history.filter((t) => t.role === 'user');
  let name: string | null = null;
  let nameIsNew = false;
  userTurns.forEach((turn, i) => {
    const found = userNameOf(turn.content);
    if (found) {
      name = found;
      nameIsNew = i === userTurns.length - 1;
    }
  });
  const earlierTopics: Topic[] = [];
  // Topics of the last two messages are still the conversation, not something to come back to; she
  // looks back a dozen messages, at their beginnings.
  for (const turn of userTurns.slice(-TOPIC_LOOKBACK - 2, -2).reverse()) {
    const text = turn.content.slice(0, TOPIC_SCAN_CHARS);
    if (isUnheard(text)) continue;
    for (const topic of topicsOf(text)) if (!earlierTopics.includes(topic)) earlierTopics.push(topic);
  }
  return { name: name ? userNameForms(name) : null, nameIsNew, earlierTopics };
}
