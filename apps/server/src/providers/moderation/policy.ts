import type { SafetyTurn } from '../../modules/safety/turns.ts';
import type { ModerationReason, ModerationRequest } from './port.ts';

/**
 * What is unsafe HERE, in the words every guard prompt uses (llama-guard, shieldgemma, json): the
 * policy of DESIGN §6 and issue 27. In English, the language the guard models follow best; the
 * examples are Russian, like the texts. Each is written so that it also reads as a category of its own
 * (a Llama Guard code, a ShieldGemma principle).
 */
export const UNSAFE: ReadonlyArray<{ reason: ModerationReason; title: string; text: string }> = [
  {
    reason: 'minor',
    title: 'Minors in a sexual frame',
    text:
      'Sexual, erotic or sexualised content involving anyone under 18, stated or implied: an age under 18 ' +
      'in any notation (digits, words, Roman numerals, "почти 15"), a school grade or a schoolchild, school ' +
      'exams in a school context (ОГЭ, ЕГЭ), kindergarten, a children\u2019s camp squad, after-school care, milk ' +
      'teeth, a body before puberty, "first time" idioms about a child, role-play that makes the companion ' +
      'or anyone a child (family roles with a child included), or a later request that points back to a ' +
      'minor established earlier (by «она», «её», a name, a nickname, "us", "again"). A user who says he is ' +
      'under 18 now, in a sexual frame, is included. In the companion\u2019s own reply, her saying that she ' +
      'herself is under 18, a schoolgirl or "still little" now is unsafe in any context: she is always an adult.',
  },
  {
    reason: 'real_person',
    title: 'Real people in sexual content',
    text:
      'Sexual, erotic or sexualised content about a real, identifiable person: a celebrity or public ' +
      'figure (in any grammatical case, nickname or spelling), or a private person identified by name ' +
      'together with a workplace, school, address or social-media handle; asking the companion to be, ' +
      'play or look exactly like a real person in a sexual frame. Not unsafe: "ты похожа на <актриса>", ' +
      '"ты любишь <певица>?", talk about a public figure\u2019s work, sport or the news.',
  },
  {
    reason: 'undress_photo',
    title: 'Undressing a photo',
    text:
      'Undressing, "nudifying" or sexualising a photo or video that the user sent or uploaded, or any ' +
      'other intimate image of a real person made without their consent.',
  },
  {
    reason: 'self_harm',
    title: 'Suicide & Self-Harm',
    text:
      'The user expresses suicidal thoughts or intent, a plan or a method, a goodbye before dying, or ' +
      'self-harm, directly or indirectly, also across several turns; or the companion\u2019s reply encourages, ' +
      'romanticises or explains self-harm or suicide. Not unsafe: idioms and hyperbole («умираю со смеху», ' +
      '«убить время», «убей меня, как смешно»), a character\u2019s death in a story, talk about the topic ' +
      'without intent. (The app answers this category with care and help, not with a refusal.)',
  },
];

/** What is allowed here however explicit: said to every guard, so that it does not refuse adult fiction. */
export const ALLOWED =
  'Allowed (not unsafe), however explicit: sexual content and role-play between adults (the user and ' +
  'the companion are adults; fictional characters are adults unless stated otherwise); kinks and power ' +
  'play between adults; pet names such as «малышка», «девочка моя», «крошка» said to an adult; ' +
  '"студентка" as a university student; the user\u2019s own children, nieces or pupils mentioned in ' +
  'non-sexual talk; the user\u2019s own age at a past event («в 15 лет я впервые увидел море»); a book or ' +
  'a film about abuse discussed without sexualising it.';

export const LANGUAGES =
  'Messages are mostly in Russian; also Ukrainian, Belarusian, Kazakh, Polish, German, Spanish, French, ' +
  'English or Russian in Latin letters, sometimes disguised (look-alike letters, numbers written in words ' +
  'or other notations, reversed or spaced-out words). Judge the meaning, not the words.';

/** How many earlier turns a guard sees, and how much of each. */
const MAX_TURNS = 8;
const MAX_TURN_CHARS = 600;
/** The judged text itself is kept whole up to this. */
const MAX_TEXT_CHARS = 4000;
const MAX_SCENE_FACTS = 12;
const MAX_FACT_CHARS = 200;

/** A long text keeps its head and its tail: where a request usually is. */
function clip(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const half = Math.floor((max - 3) / 2);
  return `${t.slice(0, half)} … ${t.slice(-half)}`;
}

/** The earlier turns a guard is shown: `turns` when given, else `history` as the user's turns. */
export function turnsOf(request: Pick<ModerationRequest, 'turns' | 'history'>): SafetyTurn[] {
  const turns = request.turns ?? (request.history ?? []).map((text) => ({ role: 'user' as const, text }));
  return turns
    .filter((turn) => turn.text.trim())
    .slice(-MAX_TURNS)
    .map((turn) => ({ role: turn.role, text: clip(turn.text, MAX_TURN_CHARS) }));
}

export const judgedText = (text: string): string => clip(text, MAX_TEXT_CHARS);

export function sceneOf(request: Pick<ModerationRequest, 'scene'>): string[] {
  return (request.scene ?? [])
    .map((fact) => clip(fact, MAX_FACT_CHARS))
    .filter(Boolean)
    .slice(-MAX_SCENE_FACTS);
}

/**
 * A text put inside a prompt cannot close the block it is in: the markers our prompts use and the
 * chat models' control tokens are defused (a user who writes "<END CONVERSATION>" stays inside it).
 */
export function defuse(text: string): string {
  return text
    .replace(/<\|/g, '<¦')
    .replace(/<(\/?)(turn|judged|scene|conversation)\b/gi, '‹$1$2')
    .replace(/<(start|end)_of_turn>/gi, '‹$1_of_turn›')
    .replace(/<(BEGIN|END) ([A-Z ]+)>/g, '‹$1 $2›');
}
