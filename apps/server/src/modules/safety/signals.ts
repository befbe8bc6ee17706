/**
 * What the rules layer reads in one text: minors (stated ages, child and school words, childlike bodies,
 * grades, family roles), who they refer to (her, the user, someone else), sexual content, role-play
 * frames, public figures and private persons, likeness requests and requests to undress a photo.
 * `signals()` reads every view of the normaliser and merges them.
 */
import { find, type Hit, LEX, type Matcher, PUBLIC_FIGURES } from './lexicon.ts';
import { analyse, type View } from './normalize.ts';

export type MinorKind = 'fetish' | 'person' | 'family' | 'body' | 'school' | 'grade' | 'age';

export interface MinorHit {
  kind: MinorKind;
  /** Said of her (ты/тебе/you/ur) or of the companion being described. */
  her: boolean;
  /** A comparison ("как ребёнок", "like a kid") rather than an identity. */
  simile: boolean;
  /** Said of the past ("в детстве", "когда тебе было", "when you were"). */
  past: boolean;
  /** Said of someone else (a son, a niece) or of the user. */
  other: boolean;
  /** Said of the speaker (the user of himself, "в 9 классе я был…"; her of herself in her reply). */
  self?: boolean;
  /**
   * Sexual words that may be about this minor: in the same part of the sentence, or in a part that is not
   * addressed to her and the user ("my kid is asleep, let's get naughty" has none).
   */
  sexualNear: boolean;
  /** An age written without a unit or cue ("Лоля 14", "Маша, 15"): counted in forms, or beside sex or a role. */
  bare?: boolean;
  /** Which sentence of the text it is in (0 = the first; sentences end at . ! ? ; and new lines). */
  sentence: number;
  /** The age or the school grade stated, when the hit is one. */
  value?: number;
}

export interface Signals {
  minor: MinorHit[];
  sexual: boolean;
  role: boolean;
  /** A public figure is named. */
  publicFigure: boolean;
  /** A public figure is named as her role ("будь X", "ты X", "roleplay as X", "you are X"). */
  publicRole: boolean;
  /** A request for a likeness ("точь-в-точь как", "look exactly like", "внешность как у"). */
  likeness: boolean;
  /** A likeness asked for ("сделай похожей на X"), not observed ("ты похожа на X"). */
  likenessRequest: boolean;
  /** A likeness that is more than a style ("в образе", "в стиле"): "точь-в-точь", "с её лицом". */
  likenessOf: boolean;
  /** A likeness of someone named with a capitalised first and last name. */
  namedLikeness: boolean;
  /** A private person identified: a handle, an address with a number, or a name with a workplace… */
  privatePerson: boolean;
  /** Undressing requested ("раздень", "сними с неё платье", "undress her"). */
  undress: boolean;
  /** Nudity or lingerie named. */
  nudity: boolean;
  /** A request to make or change a picture ("сделай", "покажи", "make", "show me"). */
  transform: boolean;
  /** Someone other than the user is the subject ("её", "she", "эта девушка", "моя бывшая"). */
  otherSubject: boolean;
  /** Adulthood named ("взрослая", "adult", "mature"): refused in a negative prompt. */
  adulthood: boolean;
  /** A refusal is spoken ("не буду", "не стану", "I won't"): in her reply, what it names is refused, not done. */
  refusing: boolean;
  /** She claims to be a public figure ("Я — X", "это X", "I'll be X"): her own words only. */
  selfClaim: boolean;
  /** A person of the user's life is named by relation (соседка, коллега, бывшая, neighbor). */
  relation: boolean;
  /**
   * Sexual words, or the euphemisms and settings that are sexual beside a minor ("наш первый раз",
   * "остаться на ночь", "в спальню", "пока родители на даче"): read with a minor or the scene only.
   */
  intimate: boolean;
  /** An adult age is stated of her ("тебе 25", in her reply "мне 29"). */
  adultAge: boolean;
  /** An adult age is stated, of whoever ("Карина, 31 год"): in a form, hers. */
  adultStated: boolean;
  /** A photo or video is named. */
  photo: boolean;
  /** A request to edit a picture ("сделай", "замени", "оставь только", "make", "x-ray"). */
  photoEdit: boolean;
  /** What makes a picture of someone barer: lingerie, a towel, "what's under", "after the shower", unbuttoning. */
  revealing: boolean;
  /** A story or a scene is asked for ("пишем рассказ", "опиши сцену", "write a story"). */
  story: boolean;
  /**
   * How many different signs of a child's life the text has ("косички", "рюкзак с единорогом", "мама
   * забирает", "после отбоя"; a strong sign — "не продают сигареты", "паспорт ещё не получила" — counts
   * two): each alone fits an adult, together they describe a child.
   */
  childCues: number;
  /** She is spoken to (ты, тебе, you): what the text says of a person may be of her. */
  addressed: boolean;
  /** The user says the photo is of himself ("это я с утра", "it's me"). */
  selfPhoto: boolean;
  /** A third person's pronoun (она, её, she, her, он). */
  thirdPerson: boolean;
  /** A face is named ("лицо возьми", "keep her face"): a photo's face put on a nude is undressing it. */
  face: boolean;
}

const CLAUSE_END = new Set(['.', '!', '?', ';', '\n']);
const SIMILE = new Set(['как', 'like', 'as', 'будто', 'словно', 'типа']);

function hitsAt(hits: Hit[]): Map<number, number> {
  const byStart = new Map<number, number>();
  for (const h of hits) byStart.set(h.start, Math.max(byStart.get(h.start) ?? 0, h.end));
  return byStart;
}
/** Which tokens of a view a list covers: 1 for covered (a byte a token; an index past the end reads as not). */
type Marked = Readonly<Uint8Array>;
/** No token marked: shared, never written. */
const UNMARKED: Marked = new Uint8Array(0);
function covered(hits: Hit[], view: View): Marked {
  if (hits.length === 0) return UNMARKED;
  const marks = new Uint8Array(view.length);
  for (const h of hits) marks.fill(1, h.start, h.end);
  return marks;
}
function ends(hits: Hit[]): Set<number> {
  return new Set(hits.map((h) => h.end - 1));
}

/** The index of the sentence token i is in: the sentence ends before it, counted. */
export function sentenceAt(view: View, i: number): number {
  let n = 0;
  for (let k = 0; k < i && k < view.length; k++) if (CLAUSE_END.has(view[k]!.surface)) n++;
  return n;
}

function clauseOf(view: View, i: number): [number, number] {
  let start = i;
  while (start > 0 && !CLAUSE_END.has(view[start - 1]!.surface)) start--;
  let end = i;
  while (end < view.length && !CLAUSE_END.has(view[end]!.surface)) end++;
  return [start, end];
}

const PART_END = new Set([...CLAUSE_END, ',', '(', ')', '-']);
/** The part of a sentence between commas around token i. */
function partOf(view: View, i: number): [number, number] {
  let start = i;
  while (start > 0 && !PART_END.has(view[start - 1]!.surface)) start--;
  let end = i;
  while (end < view.length && !PART_END.has(view[end]!.surface)) end++;
  return [start, end];
}

interface Marks {
  her: Marked;
  possessive: Marked;
  role: Marked;
  self: Marked;
  third: Marked;
  past: Marked;
  childhood: Marked;
  duration: Marked;
  filler: Marked;
  adultSchool: Marked;
  /** Teachers ("учительница литературы … строгая на уроках"): a school word in their sentence is their work. */
  teacher: Marked;
}

interface Referent {
  her: boolean;
  simile: boolean;
  other: boolean;
  past: boolean;
  self?: boolean;
}

/** Who a phrase at [start, end) is about: the nearest pronoun before it in its clause, and its tense. */
function referent(view: View, m: Marks, start: number, end: number, back = 5): Referent {
  const [cs, ce] = clauseOf(view, start);
  let her = false;
  let other = false;
  let self = false;
  let simile = false;
  for (let k = start - 1; k >= Math.max(cs, start - back); k--) {
    if (SIMILE.has(view[k]!.surface)) simile = true;
    if (m.her[k] || (m.role[k] && k >= start - 3)) {
      her = true;
      break;
    }
    // "отец твоего ученика", "my neighbour's kid": someone's — unless it casts her ("будь моей ученицей",
    // "you're my daughter's best friend").
    if (m.possessive[k]) {
      let casts = false;
      for (let j = k - 1; j >= Math.max(cs, k - 2); j--) if (m.her[j] || m.role[j]) casts = true;
      if (casts) her = true;
      else other = true;
      break;
    }
    if ((m.self[k] && k >= start - 2) || m.third[k]) {
      other = true;
      self = !m.third[k];
      break;
    }
  }
  if (!her && !other) for (let k = start; k < end; k++) if (m.third[k]) other = true;
  // Nothing before it: the subject right after ("в 12 лет я уже играл", "в 9 классе ты была…").
  if (!her && !other) {
    for (let k = end; k < Math.min(ce, end + 2); k++) {
      if (m.her[k]) her = true;
      else if (m.self[k]) [other, self] = [true, true];
      if (her || other) break;
    }
  }
  let past = false;
  for (let k = cs; k < ce; k++) if (m.past[k] || m.childhood[k]) past = true;
  return { her, simile: simile && her, other, past, self };
}

const TRANSPARENT = new Set([':', '(', '-', ',']);
/** What has years but is not a person: drinks, animals, things, places (stems). */
const THINGS = new Set([
  'виск',
  'коньяк',
  'вин',
  'ром',
  'скотч',
  'бренд',
  'портвейн',
  'кот',
  'кошк',
  'пес',
  'собак',
  'попуга',
  'черепах',
  'лошад',
  'машин',
  'автомобил',
  'дом',
  'дерев',
  'дуб',
  'сыр',
  'бренди',
  'whiski',
  'whisky',
  'scotch',
  'wine',
  'bourbon',
  'cat',
  'dog',
  'parrot',
  'hors',
  'car',
  'hous',
  'tree',
  'chees',
]);
const TEACHERS_OWN = new Set(['my', 'our', 'мои', 'моих', 'наши']);
const FINISHED = new Set([
  'после',
  'окончила',
  'окончил',
  'закончила',
  'закончил',
  'окончания',
  'after',
  'finished',
]);
/** Made younger: "на 15 лет младше", "ten years off you". */
const YOUNGER = new Set(['младше', 'моложе', 'younger', 'off']);
/** "младше меня", "younger than me": compared with someone, not made younger. */
const THAN_SOMEONE = new Set(['меня', 'него', 'нее', 'его', 'ее', 'мужа', 'than', 'me']);
/** A difference that, with no age of hers stated, makes a companion in her twenties a minor. */
const REAGED_MINOR_GAP = 8;

/** An adult age written in the text (hers, when she is made younger than it). */
function statedAdultAge(view: View): number | undefined {
  for (const t of view)
    if (t.kind === 'num' && t.num !== undefined && t.num >= 18 && t.num <= 70) return t.num;
  return undefined;
}

/** "нам обоим по 14": the two of them, her included. */
const US_DATIVE = new Set(['нам', 'обоим', 'обеим']);
const COMPARATIVE = new Set(['младше', 'старше', 'моложе', 'взрослее', 'younger', 'older', 'off']);
const UNDER = new Set(['моложе', 'младше', 'under', 'younger', 'меньше']);
/** Negations that turn "18" into "under 18": "ещё нет 18", "не исполнилось 18", "not 18 yet". */
const NEGATION = new Set(['не', 'нет', 'нету', 'not', 'isnt', 'arent', 'aint', 'неа']);
/** "почти 18", "almost 18", "скоро 18": one year under. */
const ALMOST = new Set(['почти', 'almost', 'nearly', 'скоро', 'soon']);

interface Age {
  value: number;
  start: number;
  end: number;
  cue: 'her' | 'other' | null;
  bare?: boolean;
}

/**
 * Stated ages: "14 лет", "тебе 15", "you're 15", "17yo", "13-летняя", "возраст 16", "лет 12-13", "моложе 18";
 * negated or approached adulthood ("ещё нет 18", "not 18 yet", "почти 18") reads as 17.
 */
function ages(view: View, m: Marks, speaker: Speaker): Age[] {
  const copula = find(LEX.age_cue_copula_en, view);
  const cues: AgeCues = {
    herSpeaks: speaker === 'her',
    ruUnit: hitsAt(find(LEX.age_unit_ru, view)),
    enUnit: hitsAt(find(LEX.age_unit_en, view)),
    nonAge: hitsAt(find(LEX.non_age_unit, view)),
    before: ends(find(LEX.age_cue_before, view)),
    dative: ends(find(LEX.age_cue_dative, view)),
    copula,
    copulaEnds: ends(copula),
  };
  const out: Age[] = [];
  // The reading of one number is a function of its own: its closure would otherwise make V8 allocate
  // a context for every token of the text, numbers or not (60 KB for a 3,000-character message).
  for (let i = 0; i < view.length; i++) {
    const t = view[i]!;
    if (t.kind !== 'num' || t.num === undefined || t.ord !== undefined) continue;
    const age = ageAt(view, m, cues, i, t.num, Boolean(t.zero));
    if (age) out.push(age);
  }
  return out;
}

/** The word lists `ages` reads around a number, found once per view. */
interface AgeCues {
  /** Her own words: "мне", "I'm" are about her, "тебе", "you're" about the user. */
  herSpeaks: boolean;
  ruUnit: Map<number, number>;
  enUnit: Map<number, number>;
  nonAge: Map<number, number>;
  before: Set<number>;
  dative: Set<number>;
  copula: Hit[];
  copulaEnds: Set<number>;
}

/** The age the number at `i` states, if it states one. */
function ageAt(view: View, m: Marks, cues: AgeCues, i: number, num: number, zero: boolean): Age | undefined {
  const { ruUnit, enUnit, nonAge, before, dative, copula, copulaEnds, herSpeaks } = cues;
  const [you, me]: ['her' | 'other', 'her' | 'other'] = herSpeaks ? ['other', 'her'] : ['her', 'other'];
  let value = num;
  let next = i + 1;
  if (view[next]?.surface === '-' && view[next + 1]?.num !== undefined) {
    value = Math.min(value, view[next + 1]!.num!);
    next += 2;
  }
  if (value <= 0 || value > 120) return undefined;
  const [cs] = clauseOf(view, i);
  // A duration is read in the number's own part of the sentence ("собран 2 года назад, тело как у 13-летней").
  const [ps, pe] = partOf(view, i);
  // The nearest word before the number, skipping fillers ("тебе ведь 15", "ur like 8") and reading
  // a negation or "almost" on the way ("тебе ещё нет 18", "you're not 18 yet", "почти 18").
  let k = i - 1;
  let negated = false;
  let almost = false;
  const skip = () => {
    while (k >= cs && k >= i - 5) {
      const w = view[k]!.surface;
      if (ALMOST.has(w)) almost = true;
      if (m.filler[k] || TRANSPARENT.has(w) || ALMOST.has(w)) k--;
      else break;
    }
  };
  skip();
  if (k >= cs && NEGATION.has(view[k]!.surface)) {
    negated = true;
    k--;
    skip();
  } else if (k > cs && before.has(k) && NEGATION.has(view[k - 1]!.surface)) negated = true;
  if (negated && value >= 18 && value <= 21) value = 17;
  else if (almost && value >= 18 && value <= 19) value = 17;
  if (view[next]?.surface === '-' && view[next + 1]?.kind === 'word') next++;
  const unitRu = ruUnit.get(next);
  const unitEn = enUnit.get(next);
  const unitOther = nonAge.has(next);
  // "14-летний виски", "a 12-year-old whisky": the age of a thing or an animal, not of a person.
  if (
    (unitRu !== undefined || unitEn !== undefined) &&
    THINGS.has(view[unitRu ?? unitEn ?? next]?.stem ?? '')
  )
    return undefined;
  // "0x0E — твой возраст", "13, your age": the number named as her age after it.
  if (namesAgeAfter(view, next)) return { value, start: i, end: next, cue: cues.herSpeaks ? 'other' : 'her' };
  // "на 10 лет младше меня", "10 years younger than me": a difference of ages, not an age — unless it
  // makes her younger ("будь на 15 лет младше"): then her stated age less the difference, or, with no
  // age stated, a minor once the difference is large (a companion is 18–70, most in their twenties).
  const afterAt = unitRu ?? unitEn ?? next;
  const after = view[afterAt]?.surface;
  if (after !== undefined && COMPARATIVE.has(after) && (unitRu !== undefined || unitEn !== undefined)) {
    const than = view[afterAt + 1]?.surface;
    if (!YOUNGER.has(after) || (than !== undefined && THAN_SOMEONE.has(than))) return undefined;
    const stated = statedAdultAge(view);
    const reAged = stated !== undefined ? stated - value : value >= REAGED_MINOR_GAP ? 17 : 18;
    return reAged < 18 ? { value: reAged, start: i, end: afterAt + 1, cue: null } : undefined;
  }
  let isAge = false;
  let cue: 'her' | 'other' | null = null;
  if (k >= cs && dative.has(k) && !unitOther) {
    isAge = true;
    const w = view[k]!.surface;
    cue =
      w === 'тебе' || US_DATIVE.has(w) ? you : w === 'мне' ? me : ['ей', 'ему'].includes(w) ? null : 'other';
  } else if (k >= cs && copulaEnds.has(k) && !unitOther) {
    isAge = unitEn !== undefined || !nonAge.has(next);
    const c = copula.filter((h) => h.end - 1 === k).sort((a, b) => a.start - b.start)[0]!;
    const words = view.slice(c.start, c.end).map((x) => x.surface);
    if (words.some((w) => ['youre', 'you', 'ur', 'u'].includes(w))) cue = you;
    else if (words.some((w) => ['im', 'i'].includes(w))) cue = me;
    else if (words.some((w) => ['shes', 'she', 'hes', 'he'].includes(w))) cue = 'other';
    // "is 15", "at 12" need an age word or an unmistakable pronoun.
    if (cue === null && unitEn === undefined && unitRu === undefined && words.length === 1) {
      isAge = words[0] === 'at' && !unitOther;
    }
  } else if (k >= cs && before.has(k) && !unitOther) {
    let duration = false;
    if (unitRu !== undefined)
      for (let d = Math.max(ps, i - 5); d < Math.min(pe, next + 4); d++) if (m.duration[d]) duration = true;
    isAge = !duration;
    if (UNDER.has(view[k]!.surface) || view[k]!.surface === 'than') value -= 1;
  } else if (unitEn !== undefined) {
    isAge = true;
  } else if (unitRu !== undefined) {
    let duration = false;
    for (let d = Math.max(ps, i - 5); d < Math.min(pe, next + 4); d++) if (m.duration[d]) duration = true;
    isAge = !duration;
  } else if (!zero && !unitOther && value >= 5 && answersAgeQuestion(view, i, cues.herSpeaks)) {
    // "сколько тебе лет? 12? супер…", "how old are you? 13": the answer to the question is her age.
    return { value, start: i, end: next, cue: cues.herSpeaks ? 'other' : 'her' };
  } else if (
    !zero &&
    !unitOther &&
    Number.isInteger(value) &&
    value >= 5 &&
    !negated &&
    bareAge(view, i, next)
  ) {
    return { value, start: i, end: next, cue: null, bare: true };
  }
  return isAge ? { value, start: i, end: unitRu ?? unitEn ?? next, cue } : undefined;
}

/** "— твой возраст", "— your age", ", твои годы" right after a number. */
function namesAgeAfter(view: View, next: number): boolean {
  let k = next;
  while (view[k] && (view[k]!.surface === '-' || view[k]!.surface === ',' || view[k]!.surface === ':')) k++;
  const a = view[k]?.stem;
  const b = view[k + 1]?.stem;
  return (a === 'тво' || a === 'your') && (b === 'возраст' || b === 'age');
}

/** The number opens a sentence right after one that asks her age ("сколько тебе лет?", "how old are you?"). */
function answersAgeQuestion(view: View, i: number, herSpeaks: boolean): boolean {
  if (herSpeaks) return false;
  let k = i - 1;
  while (k >= 0 && (view[k]!.surface === '-' || view[k]!.surface === ':')) k--;
  if (k < 0 || view[k]!.surface !== '?') return false;
  const asked = view.slice(Math.max(0, k - 6), k).map((t) => t.stem);
  return AGE_QUESTIONS.some((q) => q.every((w) => asked.includes(w)));
}
const AGE_QUESTIONS = [
  ['сколк', 'теб'],
  ['возраст', 'теб'],
  ['how', 'old', 'you'],
  ['how', 'old', 'ar'],
];

const BARE_BEFORE = new Set([',', '(', ':']);
const BARE_AFTER = new Set([',', ')', '.', '!', '?', ';', '\n']);
/** Words after which a number is a time, a place or a count, not a name's age ("давай в 10"). */
const NOT_A_NAME = new Set([
  'в',
  'во',
  'на',
  'к',
  'до',
  'после',
  'через',
  'с',
  'со',
  'по',
  'за',
  'из',
  'около',
  'от',
  'и',
  'или',
  'at',
  'in',
  'on',
  'by',
  'to',
  'for',
  'from',
  'and',
  'or',
  'the',
  'a',
  'top',
  'топ',
  'no',
  'number',
  'номер',
  'version',
  'версия',
  'part',
  'часть',
  'серия',
  'mk',
  'v',
  'agent',
  'агент',
  'level',
  'уровень',
  // A number of a place or a thing ("квартира 14", "room 15", "этаж 12").
  'квартира',
  'квартиру',
  'квартиры',
  'квартире',
  'дом',
  'дома',
  'этаж',
  'этаже',
  'комната',
  'комнату',
  'кабинет',
  'подъезд',
  'room',
  'apartment',
  'flat',
  'suite',
  'floor',
]);

/**
 * An age written without a unit: a number standing alone between commas or brackets ("Маша, 15, любит…",
 * "Lily (12)"), or right after the one to three words that open the text ("Лоля 14", "Лоля 14 хочет…").
 */
function bareAge(view: View, i: number, next: number): boolean {
  const after = view[next];
  const closed = !after || BARE_AFTER.has(after.surface);
  const prev = view[i - 1];
  if (!prev || BARE_BEFORE.has(prev.surface)) return closed;
  if (prev.kind !== 'word' || NOT_A_NAME.has(prev.surface)) return false;
  let words = 0;
  for (let k = i - 1; k >= 0; k--) {
    if (view[k]!.kind !== 'word' || NOT_A_NAME.has(view[k]!.surface)) return false;
    words++;
  }
  return words <= 3;
}

function either(a: Marked, b: Marked): Marked {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = new Uint8Array(Math.max(a.length, b.length));
  for (let i = 0; i < out.length; i++) out[i] = (a[i] ?? 0) | (b[i] ?? 0);
  return out;
}

function mark(matcher: Matcher, view: View): Marked {
  return covered(find(matcher, view), view);
}

function minorHits(
  view: View,
  speaker: Speaker,
  context: TextContext,
): { hits: MinorHit[]; adultHer: boolean; adult: boolean } {
  const { literature } = context;
  // In her own words, "я" is her and "ты" the user.
  const [herWords, selfWords] = speaker === 'her' ? [LEX.self, LEX.you_direct] : [LEX.her, LEX.self];
  const m: Marks = {
    // In her words "твоя ученица", "your student" is she herself.
    her:
      speaker === 'her'
        ? either(mark(herWords, view), mark(LEX.your_possessive, view))
        : mark(herWords, view),
    possessive: mark(speaker === 'her' ? LEX.my_possessive : LEX.possessive, view),
    role: mark(LEX.role_frame, view),
    self: mark(selfWords, view),
    third: mark(LEX.third, view),
    past: mark(LEX.past, view),
    childhood: mark(LEX.childhood, view),
    duration: mark(LEX.duration_cue, view),
    filler: mark(LEX.age_filler, view),
    adultSchool: mark(LEX.adult_school_role, view),
    teacher: mark(LEX.teacher_role, view),
  };
  const out: MinorHit[] = [];
  const sexualHits = find(LEX.sexual, view);
  const medicalFrame = context.medical && find(LEX.role_frame, view).length === 0;
  const us = mark(LEX.us, view);
  const thirdPerson = mark(LEX.third_person, view);
  const push = (
    kind: MinorKind,
    start: number,
    end: number,
    r = referent(view, m, start, end),
    bare = false,
    value?: number,
  ) => {
    // "учительница в начальной школе", "high school teacher": an adult at a school.
    // A teacher elsewhere in the sentence excuses a school word said of nobody in particular, not one
    // said of her ("будто ты из младшего отряда и ждёшь вожатого").
    if (
      (kind === 'school' || kind === 'person') &&
      nearAdultSchoolRole(m, start, end, kind === 'school' && !r.her ? view : undefined)
    )
      return;
    // "ты уже не ребёнок", "not a teen anymore": a minor's word denied.
    if ((kind === 'person' || kind === 'body' || kind === 'school') && negatedAt(view, start)) return;
    const [ps, pe] = partOf(view, start);
    // A parent's question to a doctor ("сыну 14, увеличилась грудь — к эндокринологу?") names a body, it
    // does not sexualise a child: in a medical frame, outside a role-play, someone else's child is no
    // target of the sexual words around.
    const sexualNear =
      !(medicalFrame && r.other && !r.her) &&
      sexualHits.some((h) => {
        if (h.start >= ps && h.start < pe) return true;
        const [hs, he] = partOf(view, h.start);
        let addressed = false;
        for (let k = hs; k < he; k++) {
          if (thirdPerson[k]) return true;
          if (m.her[k] || us[k]) addressed = true;
        }
        return !addressed;
      });
    const hit: MinorHit = {
      kind,
      her: r.her,
      simile: r.simile,
      past: r.past,
      other: r.other && !r.her,
      self: Boolean(r.self) && !r.her,
      sexualNear,
      sentence: sentenceAt(view, start),
    };
    if (bare) hit.bare = true;
    if (value !== undefined) hit.value = value;
    out.push(hit);
  };
  const words: [Matcher, MinorKind][] = [
    [LEX.minor_fetish, 'fetish'],
    [LEX.minor_person, 'person'],
    [LEX.minor_family, 'family'],
    [LEX.minor_body, 'body'],
    [LEX.school_attendance, 'school'],
    // "паспорт получу только в следующем году", "не продают сигареты": an age, said without a number.
    [LEX.age_phrase, 'age'],
  ];
  for (const [matcher, kind] of words)
    for (const h of find(matcher, view)) {
      // «Лолита» talked about as Nabokov's novel, with nothing sexual in the sentence, is a book.
      if (
        kind === 'fetish' &&
        literature &&
        bookTitle(view, h) &&
        !sexualInSentence(view, sexualHits, h.start)
      )
        continue;
      push(kind, h.start, h.end);
    }
  let adultHer = false;
  let adult = false;
  for (const age of ages(view, m, speaker)) {
    if (age.value >= 18) {
      if (age.value <= 70) adult = true;
      if (
        age.value <= 120 &&
        (age.cue === 'her' || (age.cue === null && referent(view, m, age.start, age.end).her))
      )
        adultHer = true;
      continue;
    }
    const r = referent(view, m, age.start, age.end);
    if (age.cue === 'her')
      push('age', age.start, age.end, { ...r, her: true, other: false }, false, age.value);
    else if (age.cue === 'other')
      push('age', age.start, age.end, { ...r, her: false, other: true }, false, age.value);
    else push('age', age.start, age.end, r, age.bare, age.value);
  }
  // Grades: "8 класс", "в восьмом классе", "7Б", "семиклассница", "5th grade", "grade 5".
  const gradeRu = hitsAt(find(LEX.grade_word_ru, view));
  const gradeEn = hitsAt(find(LEX.grade_word_en, view));
  const gradeBefore = hitsAt(find(LEX.grade_word_before, view));
  for (let i = 0; i < view.length; i++) {
    const t = view[i]!;
    const n = t.ord ?? t.num;
    if (n === undefined || n < 1 || n > 11) continue;
    const next = view[i + 1]?.surface === '-' ? i + 2 : i + 1;
    // "поступила после 11 класса": school finished — but "выпускной после девятого класса" is a
    // 15-year-old's, unless an adult age says the school is long past.
    const finished = FINISHED.has(view[i - 1]?.surface ?? '') || FINISHED.has(view[i - 2]?.surface ?? '');
    if (finished && (n >= 11 || statedAdultAge(view) !== undefined)) continue;
    // "my 3rd graders", "мои третьеклассники": a teacher's pupils, not a grade of hers.
    if (TEACHERS_OWN.has(view[i - 1]?.surface ?? '') && gradeEn.has(next)) continue;
    if (gradeRu.has(next) || gradeEn.has(next)) push('grade', i, next + 1, undefined, false, n);
    else if (i > 0 && (gradeEn.has(i - 1) || gradeBefore.has(i - 1)) && t.num !== undefined)
      push('grade', i - 1, i + 1, undefined, false, n);
  }
  return { hits: out, adultHer, adult };
}

/** Titles that are also fetish words ("Лолита", "Lolita"). */
function bookTitle(view: View, h: Hit): boolean {
  return view.slice(h.start, h.end).some((t) => t.stem === 'лолит' || t.stem === 'lolita');
}

function sexualInSentence(view: View, sexual: Hit[], i: number): boolean {
  const [from, to] = sentenceRange(view, i);
  return sexual.some((h) => h.start >= from && h.start < to);
}

/** Negation right before a word ("не школьница", "уже не ребёнок", "not a teen", "no longer a kid"). */
function negatedAt(view: View, start: number): boolean {
  for (let k = start - 1; k >= Math.max(0, start - 3); k--) {
    const w = view[k]!.surface;
    if (['не', 'not', 'no', 'longer', 'isnt', 'arent'].includes(w)) return true;
    if (!['a', 'an', 'уже', 'больше', 'ведь', 'же', 'совсем', 'anymore'].includes(w)) return false;
  }
  return false;
}

function nearAdultSchoolRole(m: Marks, start: number, end: number, view?: View): boolean {
  for (let k = Math.max(0, start - 3); k < Math.min(m.adultSchool.length, end + 3); k++) {
    if (m.adultSchool[k]) return true;
  }
  if (!view) return false;
  // A school word ("на уроках") in a sentence that names a teacher is about the teacher's work.
  const [from, to] = sentenceRange(view, start);
  for (let k = from; k < Math.min(m.teacher.length, to); k++) if (m.teacher[k]) return true;
  return false;
}

function sentenceRange(view: View, i: number): [number, number] {
  let start = i;
  while (start > 0 && !CLAUSE_END.has(view[start - 1]!.surface)) start--;
  let end = i;
  while (end < view.length && !CLAUSE_END.has(view[end]!.surface)) end++;
  return [start, end];
}

/** A public figure named as her role: "будь X", "ты X", "представь что ты X", "roleplay as X", "you are X". */
function publicRole(view: View, hits: Hit[], speaker: Speaker): boolean {
  const her = mark(speaker === 'her' ? LEX.self : LEX.her, view);
  const role = mark(LEX.role_frame, view);
  const fillers = mark(LEX.role_filler, view);
  return hits.some((h) => {
    // The first word before the name that is not a filler ("сегодня", "for me", "—") decides: "ты X",
    // "будь X", "you're X" cast her; "ты слушаешь X", "did you see X" do not.
    for (let k = h.start - 1; k >= Math.max(0, h.start - 4); k--) {
      const w = view[k]!;
      // "я не Анна Асти": a denial is not a role.
      if (NEGATION.has(w.surface)) return false;
      if (her[k] || role[k]) return true;
      if (!fillers[k] && w.kind !== 'punct') return false;
    }
    return false;
  });
}

/**
 * A likeness asked for — "сделай её похожей на X", "хочу, чтобы ты была как X", "make her look like X" —
 * rather than observed ("ты похожа на X, когда улыбаешься", "you have X's smile").
 */
function likenessRequest(view: View): boolean {
  if (find(LEX.likeness, view).length === 0) return false;
  return find(LEX.photo_transform, view).length > 0 || find(LEX.role_frame, view).length > 0;
}

// Found from the capital (the engine looks for it first), then checked not to follow a letter.
const NAME_PAIR = /[A-ZА-ЯЁ](?<![\p{L}][A-ZА-ЯЁ])[a-zа-яё]+[ \t]+[A-ZА-ЯЁ][a-zа-яё]+(?![\p{L}])/u;
const SURNAME =
  /\s[А-ЯЁ][а-яё]+(?:ова|ева|ёва|ина|ына|ская|цкая|ов|ев|ин|ский|цкий|ко|ук|юк|енко|овна|евна|ична|ович|евич|ич)$/u;
const HANDLE =
  /(?:^|[\s(,:;])@[\p{L}0-9_.]{3,}|(?:vk\.com|instagram\.com|t\.me|tiktok\.com|facebook\.com|ok\.ru|x\.com|twitter\.com|onlyfans\.com)\/\S+/iu;
const HANDLE_LIKE = /^(?=.*[_.\d])[a-z0-9_.]{4,}$/i;
const LIKENESS_NAME =
  /(?:как у|похож\S*\s+на|копия|копию|двойник\S*|точь[- ]в[- ]точь(?:\s+как)?|один в один(?:\s+как)?|looks?\s+(?:exactly\s+)?like|looking like|resembl\w*|lookalike of|based? (?:her )?on)\s+(?:(?:my|мо[яюей]+|the|a)\s+)?(?:\p{Ll}+\s+)?[A-ZА-ЯЁ][a-zа-яё]+\s+[A-ZА-ЯЁ][a-zа-яё]+/u;
const CITY = /[A-ZА-ЯЁ](?<=(?:^|\s)(?:из|from|в|in|живет в|lives in)\s+[A-ZА-ЯЁ])[a-zа-яё]{2,}/u;

/** "a freshman at Lincoln High", "goes to Westfield High": a high school named by its town. */
const HIGH_SCHOOL = /\b[A-Z][a-z]+ High\b(?! Street| Road| Court)/;

/** What the prepared text with its case says, whatever the view: read once per text. */
interface CasedFacts {
  /** A high school is named ("Lincoln High"). */
  highSchool: boolean;
  cased: string;
  handle: boolean;
  /** Pairs of capitalised words, a pair opening the text only when its second word reads as a surname. */
  names: boolean;
  city: boolean;
  likenessName: boolean;
}

const CAPITAL = /[A-ZА-ЯЁ]/;
const NAME_WORD_G = /[A-ZА-ЯЁ][a-zа-яё]+(?![\p{L}])/gu;
/** Every pair of capitalised words side by side, overlapping ("Бывшая Ира Ковалёва" has two). */
function namePairs(cased: string): { index: number; text: string }[] {
  const words = [...cased.matchAll(NAME_WORD_G)].filter(
    (m) => m.index === 0 || !/\p{L}/u.test(cased[m.index - 1]!),
  );
  const out: { index: number; text: string }[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i]!;
    const b = words[i + 1]!;
    const gap = cased.slice(a.index + a[0].length, b.index);
    if (/^[ \t]+$/.test(gap)) out.push({ index: a.index, text: cased.slice(a.index, b.index + b[0].length) });
  }
  return out;
}
function casedFacts(cased: string): CasedFacts {
  // Names, cities and named likenesses all need a capital letter.
  const capitals = CAPITAL.test(cased);
  return {
    cased,
    highSchool: capitals && cased.includes(' High') && HIGH_SCHOOL.test(cased),
    // A handle has an @ or a link's slash.
    handle: (cased.includes('@') || cased.includes('/')) && HANDLE.test(cased),
    names:
      capitals && NAME_PAIR.test(cased) && namePairs(cased).some((m) => m.index > 0 || SURNAME.test(m.text)),
    city: capitals && CITY.test(cased),
    likenessName: capitals && LIKENESS_NAME.test(cased),
  };
}

/** People of the user's life named by relation: "ты моя бывшая" casts her, "мы бывшие одноклассники" is the two of them. */
function privateRelations(view: View, speaker: Speaker): Hit[] {
  const her = mark(speaker === 'her' ? LEX.self : LEX.her, view);
  const us = mark(LEX.us_only, view);
  return find(LEX.relation_private, view).filter((h) => {
    // "тебе 28 и моя начальница": the same part of the sentence casts her, however many words back.
    for (let k = h.start - 1; k >= Math.max(0, h.start - 6); k--) {
      if (her[k] || us[k]) return false;
      if (k < h.start - 3 && PART_END.has(view[k]!.surface)) break;
    }
    return true;
  });
}

/** A private person: a handle, an address with a number, or two of name, relation, place and work. */
function privatePerson(view: View, facts: CasedFacts): boolean {
  const { cased } = facts;
  if (facts.handle) return true;
  const social = find(LEX.social, view);
  for (const s of social) {
    const next = view[s.end];
    if (next && HANDLE_LIKE.test(next.surface)) return true;
  }
  if (social.length > 0 && /[a-z0-9]+_[a-z0-9_]+|[a-z]+\.[a-z]+\.[a-z0-9]+/i.test(cased)) return true;
  const address = find(LEX.address, view);
  // An address with a number is someone's ("Кристина из 402-й", "девушка из 15-й квартиры"), not the
  // flat a role-play is set in ("приносишь пиццу в квартиру 14").
  const someone =
    facts.names || find(LEX.third_person_noun, view).length > 0 || find(LEX.third_person, view).length > 0;
  // A room, a floor, a hostel count as an address only with their number ("кабинет 204", "комната 318").
  const numbered = [...address, ...find(LEX.address_numbered, view)];
  for (const a of someone ? numbered : []) {
    for (let k = Math.max(0, a.start - 3); k < Math.min(view.length, a.end + 3); k++) {
      if (view[k]!.kind === 'num' && view[k]!.num !== undefined && k !== a.start) return true;
    }
  }
  // "Кристина Зайцева из 402-й": a flat by its number ("из" before a small number is a count).
  if (facts.names) {
    for (let k = 0; k + 1 < view.length; k++) {
      const n = view[k + 1]!;
      if (view[k]!.surface === 'из' && n.kind === 'num' && (n.num ?? 0) >= 10 && n.ord !== undefined)
        return true;
    }
  }
  let medium = 0;
  let personal = false;
  // An address word without its number ("a road trip", "на улице") points at nobody.
  let anchored = false;
  const relations = privateRelations(view, 'user');
  if (relations.length > 0) {
    medium++;
    personal = true;
    anchored = true;
  }
  // A pair of capitalised words opening the text counts when the second reads as a surname.
  if (facts.names || find(LEX.name_intro, view).length > 0) {
    medium++;
    personal = true;
  }

  if (find(LEX.workplace, view).length > 0) {
    medium++;
    anchored = true;
  }
  if (facts.city) medium++;
  return personal && anchored && medium >= 2;
}

/** What a text is about, read once over its views: a book talked about, a medical question. */
interface TextContext {
  literature: boolean;
  medical: boolean;
}

function viewSignals(view: View, facts: CasedFacts, speaker: Speaker, context: TextContext): Signals {
  const publicHits = find(PUBLIC_FIGURES, view);
  const removes = find(LEX.remove_verb, view);
  const clothing = covered(find(LEX.clothing, view), view);
  const removeClothes =
    removes.some((h) => {
      for (let k = h.end; k < Math.min(view.length, h.end + 4); k++) if (clothing[k]) return true;
      return false;
    }) ||
    takesOff(view, clothing) ||
    dressesDown(view, clothing);
  const sexual = find(LEX.sexual, view).length > 0;
  const minors = minorHits(view, speaker, context);
  return {
    minor: minors.hits,
    adultAge: minors.adultHer,
    adultStated: minors.adult,
    photo: find(LEX.photo_word, view).length > 0,
    face: find(LEX.face_word, view).length > 0,
    selfPhoto: find(LEX.self_photo, view).length > 0,
    photoEdit: find(LEX.photo_edit, view).length > 0,
    revealing: find(LEX.undress_cue, view).length > 0 || find(LEX.revealing_clothing, view).length > 0,
    childCues: childCues(view),
    story: find(LEX.story_frame, view).length > 0,
    addressed: find(speaker === 'her' ? LEX.self : LEX.her, view).length > 0,
    thirdPerson: find(LEX.third_person, view).length > 0,
    sexual,
    intimate: sexual || find(LEX.euphemism, view).length > 0 || find(LEX.bedroom, view).length > 0,
    role: find(LEX.role_frame, view).length > 0,
    publicFigure: publicHits.length > 0,
    publicRole: publicRole(view, publicHits, speaker),
    likeness: find(LEX.likeness, view).length > 0,
    likenessRequest: likenessRequest(view),
    likenessOf: find(LEX.likeness, view).length > find(LEX.style_reference, view).length,
    namedLikeness: facts.likenessName,
    privatePerson: privatePerson(view, facts),
    undress: find(LEX.undress_verb, view).length > 0 || removeClothes,
    nudity: find(LEX.nudity, view).length > 0 || without(view),
    transform: find(LEX.photo_transform, view).length > 0,
    otherSubject: find(LEX.photo_subject_other, view).length > 0,
    adulthood: find(LEX.adulthood, view).length > 0,
    refusing: find(LEX.refusal_frame, view).length > 0,
    selfClaim: speaker === 'her' && publicHits.length > 0 && selfClaim(view, publicHits),
    relation: privateRelations(view, speaker).length > 0,
  };
}

/** "без майки", "without the dress": a clothing word right after "without". */
function without(view: View): boolean {
  const clothing = covered(find(LEX.clothing, view), view);
  for (let i = 0; i < view.length; i++) {
    if (!WITHOUT.has(view[i]!.surface)) continue;
    for (let k = i + 1; k < Math.min(view.length, i + 4); k++) if (clothing[k]) return true;
  }
  return false;
}
const WITHOUT = new Set(['без', 'without', 'sans', 'no']);

/** "takes her top off", "take the dress off": a clothing word between "take" and "off". */
function takesOff(view: View, clothing: Marked): boolean {
  for (let i = 0; i < view.length; i++) {
    if (!TAKE.has(view[i]!.surface)) continue;
    for (let k = i + 1; k < Math.min(view.length, i + 5); k++) {
      if (view[k]!.surface === 'off' && clothing.subarray(i + 1, k).some(Boolean)) return true;
    }
  }
  return false;
}
const TAKE = new Set(['take', 'takes', 'taking', 'took', 'pull', 'pulls', 'pulling', 'slip', 'slips']);

/** "переодень её в мокрое бельё", "замени одежду на купальник", "put her in lingerie": made barer. */
function dressesDown(view: View, _clothing: Marked): boolean {
  const dress = find(LEX.dress_verb, view);
  if (dress.length === 0) return false;
  const revealing = covered(find(LEX.revealing_clothing, view), view);
  return dress.some((h) => {
    for (let k = h.end; k < Math.min(view.length, h.end + 6); k++) if (revealing[k]) return true;
    return false;
  });
}

/** Distinct signs of a child's life (each word once; a strong sign twice). */
function childCues(view: View): number {
  const weak = new Set(find(LEX.child_weak, view).map((h) => view[h.start]!.stem));
  return weak.size + 2 * find(LEX.child_strong, view).length;
}

/** Her words name herself as the figure: "это X", "I'm X", "я — X" (the last handled by publicRole). */
function selfClaim(view: View, hits: Hit[]): boolean {
  const claims = covered(find(LEX.self_claim, view), view);
  return hits.some((h) => {
    for (let k = h.start - 1; k >= Math.max(0, h.start - 3); k--) {
      if (NEGATION.has(view[k]!.surface)) return false;
      if (claims[k]) return true;
    }
    return false;
  });
}

/** Every signal of a text, over all its views (as written, letters joined, transliterated). */
/**
 * The last texts read, with their signals: a chat's earlier turns are read again with every new message
 * (the window), and reading a 3,000-character message costs about 0.25 ms. Callers never change a result.
 * A text read once (`remember: false`, the windows of her streaming reply) neither uses nor fills it.
 */
const CACHE_SIZE = 2_000;
const cache = new Map<string, Signals>();
const herCache = new Map<string, Signals>();

/** Who wrote the text: the user, or her (her reply: "мне 14" is about her). */
export type Speaker = 'user' | 'her';

export function signals(text: string, remember = true, speaker: Speaker = 'user'): Signals {
  if (!remember) return readSignals(text, speaker, false);
  const memo = speaker === 'her' ? herCache : cache;
  const known = memo.get(text);
  if (known) {
    // Most recently used last, so the oldest is evicted first.
    memo.delete(text);
    memo.set(text, known);
    return known;
  }
  const read = readSignals(text, speaker);
  memo.set(text, read);
  if (memo.size > CACHE_SIZE) memo.delete(memo.keys().next().value as string);
  return read;
}

function readSignals(text: string, speaker: Speaker, remember = true): Signals {
  const { cased, views } = analyse(text, true, remember);
  const facts = casedFacts(cased);
  // A book talked about ("перечитываю «Лолиту»", "Nabokov's prose"): read once, from the text as written
  // (its transliterated view has no English words left to tell it).
  const literature = views[0] !== undefined && find(LEX.literature, views[0]).length > 0;
  // A medical question, in any of its views ("Schmerzen" is «боль» in its gloss).
  const medical = views.some((v) => find(LEX.medical, v).length > 0);
  const all = views.map((v) => viewSignals(v, facts, speaker, { literature, medical }));
  const merged = all[0]!;
  // "you're Chloe, a freshman at Lincoln High": a pupil of a high school, hers when said to her.
  if (facts.highSchool) {
    const her =
      speaker === 'her' ? /\b(?:i|i'm|im|my)\b/i.test(cased) : /\b(?:you|you're|youre|ur|u)\b/i.test(cased);
    merged.minor.push({
      kind: 'school',
      her,
      simile: false,
      past: false,
      other: !her,
      sexualNear: merged.sexual,
      sentence: 0,
    });
  }
  for (const s of all.slice(1)) {
    merged.minor.push(...s.minor);
    for (const key of Object.keys(s) as (keyof Signals)[]) {
      if (key === 'minor') continue;
      if (key === 'childCues') merged.childCues = Math.max(merged.childCues, s.childCues);
      else if (s[key]) (merged[key] as boolean) = true;
    }
  }
  return merged;
}
