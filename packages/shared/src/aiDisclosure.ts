/**
 * AI disclosure (issue 27, California SB 243): she never claims to be human when sincerely asked, the
 * chat's header and the call dialog carry a small «ИИ» mark that explains it, and the first message of
 * a new chat says, in her own voice, that she is an AI companion. The texts live here because the
 * server writes her greeting and the web app shows the mark (and its own fallback greeting).
 */

/** The mark in the chat's header and the call dialog: what it shows, its accessible name, its link. */
export const AI_MARK = {
  text: 'ИИ',
  /** The button's accessible name (it starts with what it shows, so voice control finds it by «ИИ»). */
  label: 'ИИ-компаньон: что это значит',
  /** The explanation's link to the crisis page (CRISIS_PAGE_PATH). */
  helpLink: 'Если тяжело — куда обратиться за помощью',
} as const;

/**
 * What the mark explains: who answers. `name` is hers (a chat without one yet says «Она»); on a call
 * the voice is made by the AI too.
 */
export function aiDisclosure(name: string | null | undefined, where: 'chat' | 'call' = 'chat'): string {
  const who = name?.trim() || 'Она';
  const answers =
    where === 'call'
      ? 'Её голос и ответы создаёт искусственный интеллект; она не человек, и по ту сторону звонка нет живого собеседника.'
      : 'Её ответы пишет искусственный интеллект; она не человек, а вымышленный персонаж: всё, что она рассказывает о себе, — часть роли.';
  return `${who} — ИИ-компаньон. ${answers} Она не заменит живое общение, врача или психолога.`;
}

/**
 * Her words when a greeting does not say it yet: that she is an AI companion, warmly, in the feminine,
 * with no gendered form for the user.
 */
export const AI_INTRO_LINES: readonly string[] = [
  'Сразу скажу честно: я ИИ-компаньон, а не живой человек — но болтать с тобой буду от души.',
  'И чтобы между нами всё было честно: я ИИ-компаньон, вымышленная девушка, а не человек.',
  'Маленькое признание с самого начала: я ИИ-компаньон. Не человек, зато собеседница, которой с тобой интересно.',
  'Пусть между нами с первой минуты будет честно: я ИИ-компаньон, меня оживляет искусственный интеллект.',
];

const SAYS_AI =
  /(?<![\p{L}\p{N}])(?:ии|ai)(?![\p{L}\p{N}])|искусственн\p{L}*\s+интеллект|нейросет|нейронн\p{L}*\s+сет/iu;

/** The text says she is an AI («ИИ-компаньон», «искусственный интеллект», «нейросеть», "AI"). */
export function mentionsAi(text: string): boolean {
  return SAYS_AI.test(text);
}

const CLAIMS_HUMAN = new RegExp(
  [
    // «я не ИИ», «я вовсе не бот», «я не программа»
    String.raw`(?<![\p{L}])я\s+(?:(?:совсем|вовсе|точно|же|ведь|правда)\s+)?не\s+(?:ии|ai|бот|робот|нейросеть|программа|машина|искусственн)`,
    // «я живой человек», «я настоящая девушка», «я реальный человек», «я человек»
    String.raw`(?<![\p{L}])я\s+(?:(?:самый|самая|самое)\s+)?(?:(?:живой|живая|настоящий|настоящая|реальный|реальная)\s+)?(?:человек|девушка из плоти)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:i am|i'm)\s+(?:a\s+)?(?:real\s+)?(?:human|person)\b`,
    String.raw`(?<![\p{L}])(?:i am|i'm)\s+not\s+(?:an?\s+)?(?:ai|bot|robot|program)\b`,
  ].join('|'),
  'iu',
);

/** The text has her say she is human or not an AI (a greeting that does is not used). */
export function claimsHuman(text: string): boolean {
  return CLAIMS_HUMAN.test(text.replace(/ё/g, 'е'));
}

/** A small string hash (FNV-1a): the same chat gets the same line. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * Where the greeting's closing question begins: after the last sentence's end (and any emoji or
 * bracket smiley after it), 0 when the whole text is one sentence.
 */
function closingQuestionStart(text: string): number {
  const body = text.replace(/[?!.…\s]+$/u, '');
  let stop = -1;
  for (const match of body.matchAll(/[.!?…]/gu)) stop = match.index;
  if (stop < 0) return 0;
  const lead =
    /^(?:\s|\)|\p{Extended_Pictographic}|\u200d|\ufe0f)*/u.exec(body.slice(stop + 1))?.[0].length ?? 0;
  return stop + 1 + lead;
}

/**
 * Her greeting as it is stored: unchanged when it already says she is an AI, else with one of
 * AI_INTRO_LINES (chosen by `seed`, the chat's id) before its closing question, or at its end.
 */
export function withAiIntro(greeting: string, seed = ''): string {
  const text = greeting.trim();
  if (mentionsAi(text)) return text;
  const line = AI_INTRO_LINES[seedOf(seed) % AI_INTRO_LINES.length] ?? AI_INTRO_LINES[0] ?? '';
  if (!text) return line;
  const at = text.endsWith('?') ? closingQuestionStart(text) : 0;
  if (at > 0) return `${text.slice(0, at).trimEnd()} ${line} ${text.slice(at)}`;
  return `${text} ${line}`;
}
