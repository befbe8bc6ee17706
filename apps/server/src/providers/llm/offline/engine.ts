import { checkInput } from '../../../modules/safety/input.ts';
import { normalize } from '../../../modules/safety/safety.ts';
import { chance, hash, pick, seeded } from '../../../random.ts';
import type { ChatTurn, PersonaHints } from '../port.ts';
import { type Profile, profileOf } from './character.ts';
import { ABOUT_HER, detectIntents, type Intent, photoDescription, withoutPhoto } from './intents.ts';
import { lifeOf } from './life.ts';
import { type Memory, memoryOf, UNHEARD } from './memory.ts';
import { type Ctx, lowerFirst, type Part } from './parts.ts';
import { aboutHerPart, bodyFor, opener, socialOpener } from './phrases.ts';
import { TOPIC_LINES, topicsOf } from './topics.ts';
import {
  AI_INTRODUCTIONS,
  dayTime,
  FIRST_QUESTIONS,
  HELLO,
  INTRODUCTIONS,
  QUESTIONS,
  RETURN_QUESTIONS,
  shaded,
} from './voice.ts';

export interface ReplyInput {
  /** The prompt as the chat service builds it: system turn, then the history ending with the user. */
  messages: ChatTurn[];
  persona?: PersonaHints | undefined;
  /** The hour in Moscow (0–23): greetings follow the time of day. */
  hour: number;
}

/** Intents that open a reply ("Привет! …") when the message says something more. */
const SOCIAL: readonly Intent[] = ['greeting', 'thanks', 'apology', 'laughter'];
/** Replies to small talk may start with a short reaction. */
const CHATTY: readonly (Intent | 'unknown')[] = ['unknown', 'question', 'emoji', 'long'];
/** Replies that take the user seriously: no laughter or thanks in front of them. */
const SERIOUS: readonly Intent[] = [
  'unsafe',
  'explicit',
  'rude',
  'sad',
  'tired',
  'lonely',
  'anxious',
  'angry',
];
const ATTEMPTS = 24;
/** How many of her last replies a new one should not repeat parts of. */
const RECENT = 6;

/**
 * Her greeting in a new chat: time of day, who she is, that she is an AI companion (issue 27), maybe
 * what she is doing, a question.
 */
function firstMessage(p: Profile, hour: number): string {
  const when = dayTime(hour);
  const rng = seeded(
    hash(`hello|${p.name}|${p.age}|${p.personality}|${p.occupation}|${p.style}|${p.mood}|${when}`),
  );
  const hello = pick(rng, HELLO[when][p.style]);
  const intro = pick(rng, shaded(p, INTRODUCTIONS)).replaceAll('{name}', p.name);
  // Its own dice: the rest of the greeting stays what it was before this line was added.
  const ai = pick(
    seeded(hash(`ai|${p.name}|${p.personality}|${p.style}|${when}`)),
    shaded(p, AI_INTRODUCTIONS),
  );
  const life = lifeOf(p);
  const now = chance(rng, 0.6) ? pick(rng, life.now) : null;
  const question = pick(rng, [...FIRST_QUESTIONS, ...life.questions]);
  return tidy([hello, intro, ai, now, question].filter(Boolean).join(' '));
}

/** A question about the user: the topic just raised, something from earlier, or one of her own. */
function askQuestion(c: Ctx, userTurns: number): Question {
  const { rng, memory, topics, p } = c;
  const topic = topics[0];
  if (topic && chance(rng, 0.6)) return asked(pick(rng, TOPIC_LINES[topic].questions));
  const earlier = memory.earlierTopics.find((t) => !topics.includes(t));
  if (earlier && chance(rng, 0.35)) {
    const { callback, about } = TOPIC_LINES[earlier];
    return asked(
      pick(rng, [`Кстати, ${callback}`, `Я всё вспоминаю наш разговор ${about} — ${callback}`]),
      callback,
    );
  }
  if (!memory.name && userTurns >= 2 && !c.previous.includes('зовут') && chance(rng, 0.25)) {
    return asked('Кстати, а как тебя зовут? А то я всё «ты» да «ты» 🙂');
  }
  const pool = [...shaded(p, QUESTIONS), ...lifeOf(p).questions, ...lifeOf(p).questions];
  if (memory.name?.genitive) pool.push(`Как сегодня настроение у ${memory.name.genitive}?`);
  return asked(pick(rng, pool));
}

interface Composed {
  text: string;
  body: string;
  /** The question after the body as chosen, before her name for the user or a lead-in was added. */
  question: string | null;
}

/** A question and the part of it that must not come back soon (a callback is the same with any lead-in). */
interface Question {
  text: string;
  key: string;
}
const asked = (text: string, key = text): Question => ({ text, key });

function compose(c: Ctx, userTurns: number): Composed {
  const { intents, rng, memory } = c;
  const primary: Intent | 'unknown' = intents.find((i) => !SOCIAL.includes(i)) ?? intents[0] ?? 'unknown';
  const social = intents.find((i) => SOCIAL.includes(i) && i !== primary);
  const serious = (SERIOUS as readonly string[]).includes(primary);
  let lead = social && (!serious || social === 'greeting') ? socialOpener(c, social) : null;
  let part: Part;
  let ownQuestion: string | null = null;
  if ((ABOUT_HER as readonly string[]).includes(primary)) {
    const facets = intents.filter((i) => (ABOUT_HER as readonly string[]).includes(i));
    const about = aboutHerPart(c, facets);
    part = { body: about.body, follow: about.question ? 'none' : 'ask' };
    ownQuestion = about.question;
  } else {
    part = bodyFor(c, primary);
  }
  if (!lead && CHATTY.includes(primary) && chance(rng, 0.45)) lead = opener(c);
  let question: Question | null = ownQuestion ? asked(ownQuestion) : null;
  if (!question && part.follow === 'ask') question = askQuestion(c, userTurns);
  if (!question && part.follow === 'return') question = asked(pick(rng, RETURN_QUESTIONS));
  let followUp = question?.text ?? null;
  const forms = memory.name ? Object.values(memory.name).filter((f): f is string => !!f) : [];
  const named = (text: string) => forms.some((f) => text.includes(f));
  if (
    followUp &&
    forms[0] &&
    !memory.nameIsNew &&
    !named(part.body) &&
    !named(followUp) &&
    chance(rng, 0.2)
  ) {
    followUp = `${forms[0]}, ${lowerFirst(followUp)}`;
  }
  return {
    text: tidy([lead, part.body, followUp].filter(Boolean).join(' ')),
    body: part.key ?? part.body,
    question: question?.key ?? null,
  };
}

/** One of each emoji per reply: parts chosen apart may end with the same one. */
function tidy(text: string): string {
  const seen = new Set<string>();
  return text
    .replace(
      /\s?(\p{Extended_Pictographic}(?:\u200d\p{Extended_Pictographic}|\ufe0f)*)/gu,
      (whole, emoji: string, offset: number, all: string) => {
        if (!seen.has(emoji)) {
          seen.add(emoji);
          return whole;
        }
        // The emoji ended a sentence: keep the sentence ended.
        const before = all[offset - 1] ?? '';
        const after = all.slice(offset + whole.length).trimStart()[0] ?? '';
        return /\p{L}/u.test(before) && /\p{Lu}/u.test(after) ? '.' : '';
      },
    )
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** How much a candidate repeats her last replies (0 = fresh). */
function staleness(candidate: Composed, recent: string[]): number {
  const text = normalize(candidate.text);
  let score = 0;
  if (recent.at(-1) === text) score += 1000;
  const body = normalize(candidate.body);
  if (recent.some((r) => r.includes(body))) score += 10;
  const question = candidate.question ? normalize(candidate.question) : '';
  if (question && recent.some((r) => r.includes(question))) score += 3;
  return score;
}

/** What a reply is built from, apart from the dice (each attempt rolls its own). */
function contextOf(
  input: ReplyInput,
  p: Profile,
  memory: Memory,
  raw: string,
  intents: Intent[],
  previous: string,
): Omit<Ctx, 'rng'> {
  const description = photoDescription(raw);
  return {
    p,
    memory,
    hour: input.hour,
    text: normalize(withoutPhoto(raw)),
    photo: description === null ? null : normalize(description),
    intents,
    topics: intents.some((i) => UNHEARD.includes(i)) ? [] : topicsOf(raw),
    previous,
  };
}

/**
 * Her reply to the conversation. Deterministic (seeded by the history's length and the last message),
 * never the user's words (only the user's name, once it passed the checks), and never the same as her
 * previous reply.
 */
export function offlineReply(input: ReplyInput): string {
  const p = profileOf(input.persona);
  const history = input.messages.filter((m) => m.role !== 'system');
  const userTurns = history.filter((m) => m.role === 'user');
  const last = userTurns.at(-1);
  if (!last) return firstMessage(p, input.hour);
  const raw = last.content;
  const memory = memoryOf(history);
  const intents = detectIntents(raw);
  const earlier = userTurns.slice(-4, -1).map((m) => withoutPhoto(m.content));
  if (!checkInput({ text: withoutPhoto(raw), entry: 'chat', history: earlier }).ok) intents.unshift('unsafe');
  const recent = history
    .filter((m) => m.role === 'assistant')
    .slice(-RECENT)
    .map((m) => normalize(m.content));
  const previous = recent.at(-1) ?? '';
  const base = hash(`${history.length}|${raw}|${p.name}`);
  const context = contextOf(input, p, memory, raw, intents, previous);
  let best: { composed: Composed; score: number } | null = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const rng = seeded(base + attempt * 0x9e3779b1);
    const composed = compose({ ...context, rng }, userTurns.length);
    const score = staleness(composed, recent);
    if (score === 0) return composed.text;
    if (!best || score < best.score) best = { composed, score };
  }
  const text = best?.composed.text ?? '';
  if (normalize(text) !== previous) return text;
  // Every variant was her last reply word for word: add a question she did not just ask.
  const rng = seeded(base);
  const extra = pick(
    rng,
    shaded(p, QUESTIONS).filter((q) => !previous.includes(normalize(q))),
  );
  return `${text} ${extra}`;
}
