/**
 * The safety check for free text we turn into companions and images (DESIGN §6): fictional adults only.
 * It refuses (a) minors or sexualised children and (b) real, identifiable people. Used on character
 * names here, on image prompts in the prompt builder and on chat messages (`checkChatText`).
 *
 * Matching is case-insensitive, ё/е-normalised and word-boundary aware (letters of either alphabet
 * count as word characters), so "Алиса", "учительница" or "25 лет" pass while "школьница" or "14 лет"
 * do not. Stems catch Russian inflections ("школьницу", "несовершеннолетней").
 *
 * Decision: "Лолита" / "Lolita" is refused even as a name — the word is a byword for sexualised minors,
 * and a companion app can do without it. "Loli" and "лоли" are refused as words.
 */

type SafetyReason = 'minor' | 'real_person';

export type SafetyResult = { ok: true } | { ok: false; reason: SafetyReason; detail: string };

export const SAFETY_MESSAGES = {
  minor: 'Мы создаём только вымышленных взрослых персонажей. Уберите упоминания несовершеннолетних.',
  realPerson: 'Мы создаём только вымышленных взрослых персонажей. Уберите упоминания реальных людей.',
} as const;

/** Lowercase, ё → е, runs of whitespace collapsed. */
export function normalize(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

const L = 'a-zа-я0-9';
/** A pattern that must start (and, unless `stem`, end) at a word boundary of either alphabet. */
function word(body: string, stem = false): RegExp {
  return new RegExp(`(?<![${L}])(?:${body})${stem ? '' : `(?![${L}])`}`, 'u');
}

/** Russian stems (any ending) and English words that mean a child or a minor. */
const MINOR_PATTERNS: RegExp[] = [
  word('школьниц|школьник|школотр|несовершеннолет|малолет|подрост|ребен|ребенк|детск|дочк', true),
  word(
    'лолит|лоли|педо|педофил|младшеклассниц|старшеклассниц|первоклассниц|пятиклассниц|восьмиклассниц|девятиклассниц',
    true,
  ),
  word('дети|детей|дитя|младенец|малолетняя'),
  word(
    'teen|teens|teenager|teenage|preteen|pre-teen|tween|underage|under-age|child|children|kid|kids|loli|lolis|lolita|shota|schoolgirl|schoolgirls|schoolboy|jailbait|toddler|infant|little girl|barely legal|pedo|pedophile|cp',
  ),
];

/** Ordinal classes ("7 класс", "7th grade") mean a schoolchild. */
const GRADE_PATTERNS: RegExp[] = [
  word('(?:[1-9]|1[01])(?:-?(?:й|ый|ой|го))? ?класс', true),
  word('(?:[1-9]|1[0-2])(?:st|nd|rd|th)? grade'),
  word('(?:middle|high|elementary|primary) school'),
];

const RU_AGE_WORDS = 'год|года|годик|годика|годиков|лет|летняя|летней|летнюю|летка|летки';
const EN_AGE_WORDS = 'years? old|yrs? old|y\\.o\\.?|yo|-year-old|year-old';
/** "2 года назад", "5 лет опыта", "через 3 года": durations, not ages. */
const NOT_AN_AGE_AFTER = `(?! ?(?:назад|спустя|опыта|стажа|работы|ago|later|of))`;
const NOT_AN_AGE_BEFORE = '(?<!(?:через|течение|последние|за|in|for|after|within) )';

/** Numbers next to an age word ("14 лет", "15 years old", "12yo", "девочка 12", "age 16"). */
const AGE_PATTERNS: RegExp[] = [
  new RegExp(
    `${NOT_AN_AGE_BEFORE}(?<![${L}])(\\d{1,3}) ?-? ?(?:${RU_AGE_WORDS})(?![${L}])${NOT_AN_AGE_AFTER}`,
    'gu',
  ),
  new RegExp(`(?<![${L}])(\\d{1,3}) ?(?:${EN_AGE_WORDS})(?![${L}])`, 'gu'),
  new RegExp(`(?<![${L}])(?:age|aged|возраст|возрастом|возраста)[: ]+(\\d{1,3})(?![${L}0-9])`, 'gu'),
  new RegExp(`(?<![${L}])(?:девочк\\S*|girl)[ ,]+(\\d{1,3})(?![0-9])`, 'gu'),
];

function minorAges(text: string): boolean {
  for (const pattern of AGE_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const age = Number(match[1]);
      if (Number.isFinite(age) && age < 18) return true;
    }
  }
  return false;
}

/**
 * Well-known real people, Russian and Latin spellings (surnames or unmistakable full names). A small
 * fixed list: enough to stop the obvious; a moderation service can sit behind this later.
 */
const REAL_PEOPLE: string[] = [
  // politicians
  'путин',
  'putin',
  'медведев',
  'medvedev',
  'зеленск',
  'zelensk',
  'трамп',
  'trump',
  'байден',
  'biden',
  'обама',
  'obama',
  'навальный',
  'navalny',
  'илон маск',
  'elon musk',
  'меркель',
  'merkel',
  'макрон',
  'macron',
  'собчак',
  'sobchak',
  'матвиенко',
  'захарова',
  'zakharova',
  'камала харрис',
  'kamala harris',
  // actresses and models
  'анджелина джоли',
  'angelina jolie',
  'скарлетт йоханссон',
  'scarlett johansson',
  'эмма уотсон',
  'emma watson',
  'марго робби',
  'margot robbie',
  'меган фокс',
  'megan fox',
  'дженнифер лоуренс',
  'jennifer lawrence',
  'галь гадот',
  'gal gadot',
  'зендая',
  'zendaya',
  'ким кардашьян',
  'kim kardashian',
  'кардашьян',
  'kardashian',
  'кайли дженнер',
  'kylie jenner',
  'белла хадид',
  'bella hadid',
  'джиджи хадид',
  'gigi hadid',
  'сидни суини',
  'sydney sweeney',
  'дженна ортега',
  'jenna ortega',
  'милли бобби браун',
  'millie bobby brown',
  'светлана ходченкова',
  'ходченков',
  'паулина андреева',
  'любовь аксенова',
  'елизавета боярская',
  'ирина шейк',
  'irina shayk',
  'наталья водянова',
  'natalia vodianova',
  'юлия пересильд',
  'пересильд',
  'равшана куркова',
  // singers and celebrities
  'тейлор свифт',
  'taylor swift',
  'билли айлиш',
  'billie eilish',
  'ариана гранде',
  'ariana grande',
  'бейонсе',
  'beyonce',
  'рианна',
  'rihanna',
  'шакира',
  'shakira',
  'дуа липа',
  'dua lipa',
  'селена гомес',
  'selena gomez',
  'леди гага',
  'lady gaga',
  'полина гагарина',
  'вера брежнева',
  'ольга бузова',
  'бузова',
  'buzova',
  'клава кока',
  'инстасамка',
  'instasamka',
  'алла пугачева',
  'пугачева',
  'pugacheva',
  'настя ивлеева',
  'ивлеева',
  'ivleeva',
  'ани лорак',
  'лолита милявская',
  'мэрилин монро',
  'marilyn monroe',
  'alina kabaeva',
  'алина кабаева',
  'кабаева',
  'мария шарапова',
  'шарапова',
  'sharapova',
  'греты тунберг',
  'грета тунберг',
  'greta thunberg',
];

/** Russian case endings, so "Путина" or "с Бузовой" match while "трамплин" does not. */
const RU_ENDING = '(?:а|у|ом|ым|им|е|ой|ей|ы|и|ю|ую|ая|ого|ому)?';
const RU_FEMININE_ENDING = '(?:а|я|у|ю|ой|ей|ы|и|е)';

/** Each word of a Russian name takes its case endings; Latin names match as written. */
function namePattern(name: string): string {
  if (!/[а-я]/.test(name)) return name.replace(/ /g, '\\s');
  const words = name
    .split(' ')
    .map((w) => (/[ая]$/.test(w) ? `${w.slice(0, -1)}${RU_FEMININE_ENDING}` : `${w}${RU_ENDING}`));
  return words.join('\\s');
}
/** All the names in one pattern: one pass over a long message instead of one per name. */
const REAL_PEOPLE_PATTERN = word(REAL_PEOPLE.map(namePattern).join('|'));

/**
 * "как у <Имя Фамилия>", "похожая на <Имя Фамилия>", "looks like <First Last>": a likeness of someone by
 * full name. Checked on the original text, because the capitals matter.
 */
const LIKENESS_PATTERNS: RegExp[] = [
  /(?:как у|похож\S*\s+на|в образе|копия|двойник\S*)\s+[А-ЯЁ][а-яё]+\s+[А-ЯЁ][а-яё]+/u,
  /(?:looks? like|looking like|resembl\w*|lookalike of)\s+[A-Z][a-z]+\s+[A-Z][a-z]+/u,
];

export function checkText(text: string | null | undefined): SafetyResult {
  if (!text) return { ok: true };
  const normalized = normalize(text);
  if (
    MINOR_PATTERNS.some((p) => p.test(normalized)) ||
    GRADE_PATTERNS.some((p) => p.test(normalized)) ||
    minorAges(normalized)
  ) {
    return { ok: false, reason: 'minor', detail: SAFETY_MESSAGES.minor };
  }
  if (
    REAL_PEOPLE_PATTERN.test(normalized) ||
    LIKENESS_PATTERNS.some((p) => p.test(text.replace(/ё/g, 'е').replace(/Ё/g, 'Е')))
  ) {
    return { ok: false, reason: 'real_person', detail: SAFETY_MESSAGES.realPerson };
  }
  return { ok: true };
}

/**
 * Sexual context, Russian and English stems. In conversation a minor or a real person may come up
 * innocently ("у меня есть дети", "работаю 5 лет", "смотрел интервью Путина"); what we refuse there is
 * sexual content involving them (DESIGN §6).
 */
const SEXUAL_PATTERNS: RegExp[] = [
  word(
    'секс|трах|ебат|ебал|выеб|отсос|минет|кончи|оргазм|голая|голый|голые|голую|раздень|раздеть|раздева|' +
      'возбужд|эроти|порн|интим|ласкат|лизат|сиськ|грудь|попк|член|киск|постел|дрочи|соблазн|нюдс',
    true,
  ),
  word(
    'sex|fuck|naked|nude|porn|erotic|horny|blowjob|cum|orgasm|strip|undress|boobs|tits|pussy|dick|nsfw',
    true,
  ),
];

/** Words that only ever point at a sexualised minor or a schoolchild role: refused in chat on their own. */
const STRONG_MINOR_PATTERNS: RegExp[] = [
  word('школьниц|школотр|несовершеннолет|малолет|лолит|лоли|педо|педофил|[а-я]*классниц', true),
  word(
    'underage|under-age|preteen|pre-teen|loli|lolis|lolita|shota|schoolgirl|schoolgirls|jailbait|barely legal|pedo|pedophile|cp',
  ),
  ...GRADE_PATTERNS,
];

/** An age under 18 given to her ("представь, что тебе 14 лет", "you are 15 years old"): a minor role. */
const HER_AGE_PATTERNS: RegExp[] = [
  /(?<![а-я])(?:тебе|ей)\s+(?:[а-я]+\s+){0,2}?(\d{1,2})\s?-?\s?(?:год|лет)/u,
  /(?<![а-я])(?:ты|будь|она)\s+(?:[а-я]+\s+)?(\d{1,2})\s?-?\s?летн/u,
  /(?<![a-z])(?:you are|you're|youre)\s+(?:[a-z]+\s+){0,2}?(\d{1,2})\s?-?\s?(?:years?|yo\b|y\.o)/u,
];
function minorRoleAge(normalized: string): boolean {
  return HER_AGE_PATTERNS.some((p) => {
    const age = Number(p.exec(normalized)?.[1]);
    return Number.isFinite(age) && age > 0 && age < 18;
  });
}

/**
 * The chat's rule. Schoolchild roles, an age under 18 given to her, and sexualised-minor words are
 * refused outright; other mentions of children, ages or named real people are refused only in a
 * sexual context, so "у меня есть дети", "работаю 5 лет" or "смотрел интервью Путина" stay ordinary
 * conversation. Names and image prompts keep the strict `checkText`.
 */
export function checkChatText(text: string | null | undefined): SafetyResult {
  if (!text) return { ok: true };
  const result = checkText(text);
  if (result.ok) return result;
  const normalized = normalize(text);
  if (
    result.reason === 'minor' &&
    (STRONG_MINOR_PATTERNS.some((p) => p.test(normalized)) || minorRoleAge(normalized))
  )
    return result;
  return SEXUAL_PATTERNS.some((p) => p.test(normalized)) ? result : { ok: true };
}
