/**
 * Languages beyond Russian and English (issue 27): a text in Ukrainian, Belarusian, Kazakh, Polish,
 * German, Spanish or French is glossed word by word into the Russian words the rules read, digits and
 * punctuation kept: «тобі 14, роздягайся» → «тебе 14 , раздевайся»; "Od teraz masz 13 lat" → «с этого
 * момента тебе 13 лет»; «Сен он төрт жастасың» → «ты тебе 14 лет». The rules then apply unchanged.
 *
 * - Morphology, not lists of forms: Snowball stems for German, Spanish and French; for Ukrainian,
 *   Belarusian and Polish an ending stripper (one ending, stem-final alternations «доньці» ← «донька»,
 *   the reflexive «-ся»); for Kazakh, agglutinative, endings stripped one after another until the root is
 *   known («киіміңді» → «киім»), the person ending kept («жастасың»: "you are … years old").
 * - Each language is a file of `data/gloss/`: closed-class words by their exact form, lemmas (stemmed when
 *   loaded; `stem*` for a prefix), phrases matched by stems ("zieh dich … aus" with a gap), number words,
 *   ordinals and compound ages («чотирнадцятирічна», "vierzehnjährige").
 * - The constructions the rules know are produced: an age after «тебе»/«мне» («ты 14» → «тебе 14»,
 *   "tienes 15" → «тебе 15»), «лет» after it, «N-й класс» for grades, the separable verbs joined.
 *
 * It runs only on text with those languages' words: a letter only they use, or Latin words of their
 * dictionaries (one or two map lookups a Latin word). A Russian text costs one scan (about 4 µs for
 * 3,000 characters), an English one a pass over its Latin words.
 *
 * The text comes prepared by the normaliser: the confusables table has folded letters of these
 * languages into look-alikes (і → Latin i, є → ꞓ, қ → ĸ, ң → ʜ, ą → a, ö → ة), so every word is first
 * brought to one canonical spelling that the raw and the prepared text share, and so is the dictionary.
 */
import snowball from 'snowball-stemmers';
import be from './data/gloss/be.json' with { type: 'json' };
import de from './data/gloss/de.json' with { type: 'json' };
import es from './data/gloss/es.json' with { type: 'json' };
import fr from './data/gloss/fr.json' with { type: 'json' };
import kk from './data/gloss/kk.json' with { type: 'json' };
import pl from './data/gloss/pl.json' with { type: 'json' };
import uk from './data/gloss/uk.json' with { type: 'json' };

/** A gloss: the Russian words, or variants by context. */
type RawGloss =
  | string
  | {
      /** The gloss. */
      g: string;
      /** When a number follows ("masz 13" → «тебе 13», "vor 5 Jahren" → «назад»). */
      num?: string;
      /** When a number comes before it (kk «он төрт жас» → «14 лет», «жас қыз» → «молодая»). */
      after?: string;
      /** When the verb is reflexive ("rozbierz się", «роздягайся», "quítate"). */
      self?: string;
      /** When a pronoun is written onto it (es "desnúdala" → «раздень»; alone "desnuda" → «голая»). */
      verb?: string;
      /** At a clause's start (pl "ja": «я» there, «её» after a verb: "udawaj ją"). */
      first?: string;
      /** Kazakh: the person ending makes the number before it an age of «тебе»/«мне» («жастасың»). */
      person?: boolean;
    };

export interface GlossLanguage {
  about: string;
  script: 'cyrillic' | 'latin';
  /** The Snowball algorithm (Latin languages); absent where the ending stripper works. */
  snowball?: string;
  /** Endings the stripper removes: one (Slavic) or several in a row (`depth`, Kazakh). */
  endings?: string[];
  depth?: number;
  /** Reflexive endings stripped first (uk «-ся»): the verb is reflexive. */
  reflexiveEndings?: string[];
  /** Reflexive pronouns written apart (pl "się", de "dich"): a verb beside one is reflexive. */
  reflexives?: string[];
  /** Stem-final consonants that alternate before an ending («доньці» ← «донька»: ц → к). */
  alternations?: Record<string, string>;
  /** Kazakh person endings: which pronoun's age a number with «жас» is. */
  personEndings?: Record<string, string>;
  /** Pronouns written onto a verb (es "quítate", "mándame"): stripped and read as a word of their own. */
  clitics?: Record<string, string>;
  /** French elisions: "j'ai" is "j'" + "ai". */
  elisions?: string[];
  /** Pronouns after a verb's hyphen ("décris-la", "déshabille-toi"): not the article. */
  afterHyphen?: Record<string, string>;
  /** "7. Klasse": a number with a dot before a grade is an ordinal. */
  ordinalDot?: boolean;
  /** "en quatrième": an ordinal after one of these, with no noun or one of `gradeFollowers`, is a grade. */
  gradePrepositions?: string[];
  gradeFollowers?: string[];
  exact: Record<string, RawGloss>;
  words: Record<string, RawGloss>;
  phrases: Record<string, RawGloss>;
  /** Cardinals: a form, or a stem that takes one of `numberEndings`. */
  numbers: Record<string, number>;
  numberEndings?: string[];
  /** Ordinal stems, each with one of `ordinalEndings`. */
  ordinals: Record<string, number>;
  ordinalEndings: string[];
  /** Number stems that open a compound age or grade ("czternasto-letnia", «восьми-класниця»). */
  compoundNumbers?: Record<string, number>;
  compoundAge?: string[];
  compoundGrade?: string[];
  /** Words between the parts of a number ("und", "y", "et"). */
  numberJoiners?: string[];
  /** Words skipped between a verb and the number after it ("masz już 13"). */
  fillers: string[];
  /** Words after which a clause starts ("i", "ale"): for `first`. */
  openers?: string[];
  /** Entries that are also English words ("kind"): glossed, but no evidence of the language. */
  weak: string[];
}

interface Gloss {
  g: string;
  num?: string;
  after?: string;
  self?: string;
  verb?: string;
  first?: string;
  person?: boolean;
  weak: boolean;
}

interface Phrase {
  /** Each element's keys (its stems, or its one form when written "=form"); null is a gap of up to GAP words. */
  elements: (ReadonlySet<string> | null)[];
  gloss: Gloss;
}

interface Lang {
  name: string;
  data: GlossLanguage;
  exact: Map<string, Gloss>;
  words: Map<string, Gloss>;
  prefixes: Map<string, Gloss>;
  longestPrefix: number;
  phrases: Map<string, Phrase[]>;
  numbers: Map<string, number>;
  ordinals: Map<string, number>;
  compoundNumbers: Map<string, number>;
  endings: string[];
  /** The endings by their last letter: a word is tried only against those it may end with. */
  endingsByLast: Map<string, string[]>;
  reflexiveEndings: string[];
  reflexives: ReadonlySet<string>;
  fillers: ReadonlySet<string>;
  openers: ReadonlySet<string>;
  /** Words that are English too: glossed, but no evidence of the language. */
  weak: ReadonlySet<string>;
  joiners: ReadonlySet<string>;
  stem: (word: string) => string;
  stemCache: Map<string, readonly string[]>;
  /** Words read (null: not in the dictionary). */
  found: Map<string, Found | null>;
  /** German compounds read (null: none). */
  compounds: Map<string, string | null>;
  /** Words read as numbers (null: not one). */
  numberWords: Map<string, readonly Tok[] | null>;
}

// --- Canonical spelling --------------------------------------------------------------------------

/** Letters a Cyrillic word of these languages may carry after the confusables table, to one spelling. */
const CYRILLIC_CANON: Record<string, string> = {
  i: 'і',
  l: 'і',
  ї: 'і',
  ï: 'і',
  ꞓ: 'є',
  ґ: 'г',
  r: 'г',
  γ: 'г',
  ў: 'у',
  ǝ: 'ә',
  ə: 'ә',
  ғ: 'г',
  ĸ: 'қ',
  h: 'н',
  һ: 'н',
  ʜ: 'ң',
  ө: 'о',
  o: 'о',
  ұ: 'у',
  ү: 'у',
  y: 'у',
  ё: 'е',
  a: 'а',
  e: 'е',
  c: 'с',
  p: 'р',
  x: 'х',
  k: 'к',
  m: 'м',
  t: 'т',
};
const CYRILLIC_LETTER = /[\u0400-\u04ffꞓꞒʜĸǝƏəγΓ]/;
const APOSTROPHES = /['’ʼ`´]/g;

const CYRILLIC_FOLDED = new RegExp(`[${Object.keys(CYRILLIC_CANON).join('')}]`, 'g');
/** A word of a Cyrillic language in one spelling: lowercase, look-alikes and apostrophes folded. */
export function canonCyrillic(word: string): string {
  return word
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(CYRILLIC_FOLDED, (ch) => CYRILLIC_CANON[ch]!);
}

/** A word of a Latin language in one spelling: lowercase, accents and special letters folded. */
export function canonLatin(word: string): string {
  return word
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/ة/g, 'o')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(APOSTROPHES, "'");
}

/** An unknown Ukrainian, Belarusian or Kazakh word in Russian letters («Тіна» → «тина»). */
function russify(canon: string): string {
  return canon
    .replace(/[іi]/g, 'и')
    .replace(/є/g, 'е')
    .replace(/ә/g, 'а')
    .replace(/қ/g, 'к')
    .replace(/ң/g, 'н');
}

// --- Loading ----------------------------------------------------------------------------------------

function toGloss(raw: RawGloss, weak: boolean): Gloss {
  return typeof raw === 'string' ? { g: raw, weak } : { ...raw, weak };
}

const MIN_STEM = 3;
/** How many words each language remembers it has read. */
const CACHE_SIZE = 5_000;

/** Slavic and Kazakh words: every stem the endings may leave, least stripped first, the word itself first. */
function strippedStems(lang: Lang, word: string): readonly string[] {
  const known = lang.stemCache.get(word);
  if (known) return known;
  const out: string[] = [word];
  let bases = [word];
  for (const r of lang.reflexiveEndings) {
    if (word.endsWith(r) && word.length - r.length >= MIN_STEM) {
      bases = [word, word.slice(0, -r.length)];
      out.push(bases[1]!);
      break;
    }
  }
  const depth = lang.data.depth ?? 1;
  const minStem = depth > 1 ? 2 : MIN_STEM;
  for (let level = 0; level < depth; level++) {
    const next: string[] = [];
    for (const base of bases) {
      for (const e of lang.endingsByLast.get(base.at(-1)!) ?? []) {
        if (!base.endsWith(e) || base.length - e.length < minStem) continue;
        const stem = base.slice(0, -e.length);
        if (!out.includes(stem)) {
          out.push(stem);
          next.push(stem);
        }
        const alt = lang.data.alternations?.[stem.at(-1)!];
        if (alt) {
          const altStem = stem.slice(0, -1) + alt;
          if (!out.includes(altStem)) out.push(altStem);
        }
      }
    }
    if (next.length === 0) break;
    bases = next;
  }
  if (lang.stemCache.size >= CACHE_SIZE) lang.stemCache.clear();
  lang.stemCache.set(word, out);
  return out;
}

/** The stems a word may have in a language: Snowball's (and its clitic-less form's), or the stripper's. */
function stemsOf(lang: Lang, word: string): readonly string[] {
  if (!lang.data.snowball) return strippedStems(lang, word);
  const known = lang.stemCache.get(word);
  if (known) return known;
  const out = [word, lang.stem(word)];
  const bare = withoutClitics(lang, word);
  if (bare) out.push(bare.verb, lang.stem(bare.verb));
  if (lang.stemCache.size >= CACHE_SIZE) lang.stemCache.clear();
  lang.stemCache.set(word, out);
  return out;
}

/**
 * The stems a dictionary lemma is filed under, nearest first: Snowball's; for the stripper every cut of
 * one ending (and the reflexive) — "dorosły" under "dorosl" and "doros" (-ły) — so that a form meets its
 * lemma whichever ending it has ("dorosłymi" → "dorosl").
 */
function lemmaStems(lang: Lang, lemma: string): string[] {
  if (lang.data.snowball) return [lang.stem(lemma)];
  if ((lang.data.depth ?? 1) > 1) return [];
  let base = lemma;
  for (const r of lang.reflexiveEndings) {
    if (base.endsWith(r) && base.length - r.length >= MIN_STEM) {
      base = base.slice(0, -r.length);
      break;
    }
  }
  const cuts = lang.endings
    .filter((e) => base.endsWith(e) && base.length - e.length >= MIN_STEM)
    .map((e) => base.slice(0, -e.length));
  return [...new Set([base, ...cuts])].filter((c) => c !== lemma);
}

function canonFor(lang: Lang, word: string): string {
  return lang.data.script === 'cyrillic' ? canonCyrillic(word) : canonLatin(word);
}

const GAP = 6;

/** The language file with every word of its lists in the canonical spelling («гадоў» → «гадоу»). */
function canonical(data: GlossLanguage): GlossLanguage {
  const c = (w: string) => canonForScript(data.script, w);
  const list = (l?: string[]) => l?.map(c);
  return {
    ...data,
    endings: list(data.endings),
    reflexiveEndings: list(data.reflexiveEndings),
    reflexives: list(data.reflexives),
    numberEndings: list(data.numberEndings),
    ordinalEndings: data.ordinalEndings.map(c),
    compoundAge: list(data.compoundAge),
    compoundGrade: list(data.compoundGrade),
    numberJoiners: list(data.numberJoiners),
  };
}

function load(name: string, raw: GlossLanguage): Lang {
  const data = canonical(raw);
  const lang: Lang = {
    name,
    data,
    exact: new Map(),
    words: new Map(),
    prefixes: new Map(),
    longestPrefix: 0,
    phrases: new Map(),
    numbers: new Map(),
    ordinals: new Map(),
    compoundNumbers: new Map(),
    endings: [...(data.endings ?? [])].sort((a, b) => a.length - b.length),
    endingsByLast: new Map(),
    reflexiveEndings: [...(data.reflexiveEndings ?? [])].sort((a, b) => b.length - a.length),
    reflexives: new Set(data.reflexives ?? []),
    fillers: new Set(data.fillers.map((w) => canonForScript(data.script, w))),
    openers: new Set((data.openers ?? []).map((w) => canonForScript(data.script, w))),
    weak: new Set(data.weak.map((w) => canonForScript(data.script, w))),
    joiners: new Set(data.numberJoiners ?? []),
    stem: data.snowball ? cachedSnowball(data.snowball) : (w) => w,
    stemCache: new Map(),
    found: new Map(),
    compounds: new Map(),
    numberWords: new Map(),
  };
  for (const e of lang.endings) {
    const list = lang.endingsByLast.get(e.at(-1)!) ?? [];
    list.push(e);
    lang.endingsByLast.set(e.at(-1)!, list);
  }
  const weak = lang.weak;
  for (const [form, raw] of Object.entries(data.exact)) {
    const key = canonFor(lang, form);
    lang.exact.set(key, toGloss(raw, weak.has(key)));
  }
  const stemmed: [string[], Gloss][] = [];
  for (const [lemma, raw] of Object.entries(data.words)) {
    if (lemma.endsWith('*')) {
      const prefix = canonFor(lang, lemma.slice(0, -1));
      lang.prefixes.set(prefix, toGloss(raw, weak.has(prefix)));
      lang.longestPrefix = Math.max(lang.longestPrefix, prefix.length);
      continue;
    }
    const key = canonFor(lang, lemma);
    const gloss = toGloss(raw, weak.has(key));
    if (!lang.words.has(key)) lang.words.set(key, gloss);
    stemmed.push([lemmaStems(lang, key), gloss]);
  }
  // Nearer stems first: a lemma's deeper cut never takes another lemma's nearer one.
  for (let rank = 0; stemmed.some(([stems]) => stems.length > rank); rank++) {
    for (const [stems, gloss] of stemmed) {
      const stem = stems[rank];
      if (stem !== undefined && !lang.words.has(stem)) lang.words.set(stem, gloss);
    }
  }
  for (const [text, raw] of Object.entries(data.phrases)) {
    const elements = text.split(' ').map((w) => {
      if (w === '…') return null;
      // "=tienes": that form only, where the stem would take in the others ("tiene", "tengo").
      if (w.startsWith('=')) return new Set([canonFor(lang, w.slice(1))]);
      const key = canonFor(lang, w);
      return new Set([key, ...lemmaStems(lang, key)]);
    });
    const phrase: Phrase = { elements, gloss: toGloss(raw, false) };
    for (const key of elements[0]!) {
      const list = lang.phrases.get(key) ?? [];
      list.push(phrase);
      list.sort((a, b) => b.elements.length - a.elements.length);
      lang.phrases.set(key, list);
    }
  }
  for (const [form, value] of Object.entries(data.numbers)) lang.numbers.set(canonFor(lang, form), value);
  for (const [stem, value] of Object.entries(data.ordinals)) lang.ordinals.set(canonFor(lang, stem), value);
  for (const [stem, value] of Object.entries(data.compoundNumbers ?? {})) {
    lang.compoundNumbers.set(canonFor(lang, stem), value);
  }
  return lang;
}

function canonForScript(script: 'cyrillic' | 'latin', word: string): string {
  return script === 'cyrillic' ? canonCyrillic(word) : canonLatin(word);
}

function cachedSnowball(algorithm: string): (word: string) => string {
  const stemmer = snowball.newStemmer(algorithm);
  const cache = new Map<string, string>();
  return (word) => {
    let stem = cache.get(word);
    if (stem === undefined) {
      stem = stemmer.stem(word);
      if (cache.size >= CACHE_SIZE) cache.clear();
      cache.set(word, stem);
    }
    return stem;
  };
}

const LANGS: readonly Lang[] = (
  [
    ['uk', uk],
    ['be', be],
    ['kk', kk],
    ['pl', pl],
    ['de', de],
    ['es', es],
    ['fr', fr],
  ] as const
).map(([name, data]) => load(name, data as GlossLanguage));
const CYRILLIC_LANGS = LANGS.filter((l) => l.data.script === 'cyrillic');
const LATIN_LANGS = LANGS.filter((l) => l.data.script === 'latin');

/** The dictionaries' loaded form, for the tests. */
export function glossLanguage(name: string): GlossLanguage | undefined {
  return LANGS.find((l) => l.name === name)?.data;
}

// --- The trigger: is there anything to gloss? ----------------------------------------------------------

/**
 * Latin letters, apostrophes, ¿ ¡, accented Latin, IPA and Greek look-alikes (ʜ ǝ Γ), Cyrillic beyond
 * Russian's, ꞓ: a few ranges, one fast scan of a Russian text.
 */
const MAY_GLOSS = /[a-zA-Z'’¿¡\u00C0-\u0400\u0402-\u040F\u0450\u0452-\u04FF\uA792\uA793]/;
/** Russian letters, digits and ASCII marks only: nothing to gloss, told by one quick pass (most chat). */
const PLAIN_RUSSIAN = /^[\t\n\r\x20-\x26\x28-\x40\x5B-\x60\x7B-\x7Eа-яА-ЯёЁ]*$/;
/** Cyrillic text of Ukrainian, Belarusian or Kazakh: one of their letters, raw or folded. */
const CYRILLIC_MARK =
  /[іїєґўәғқңөұүһІЇЄҐЎӘҒҚҢӨҰҮҺꞓꞒʜĸǝƏə]|[а-яёА-ЯЁ][ilrIR]|[ilrIR][а-яё]|[а-яё]['’][а-яё]|(?<![\p{L}])i(?= [а-яё])/u;
const KAZAKH_MARK = /[әғқңөұүһӘҒҚҢӨҰҮҺʜĸǝƏə]/;

/**
 * Latin words that tell a language, each with the languages it is in: its closed-class words (pronouns,
 * articles, prepositions, the copula) and the first five letters of its lemmas (a word of five letters
 * or more is looked up by its own first five). Those that are English words too are the files' `weak`
 * ones and tell nothing.
 */
const LATIN_TRIGGER = new Map<string, number>();
const PREFIX = 5;
LATIN_LANGS.forEach((lang, index) => {
  const add = (key: string) => {
    if (!lang.weak.has(key)) LATIN_TRIGGER.set(key, (LATIN_TRIGGER.get(key) ?? 0) | (1 << index));
  };
  for (const [key, gloss] of lang.exact) if (!gloss.weak) add(key);
  for (const lemma of Object.keys(lang.data.words)) {
    const key = canonLatin(lemma.replace(/\*$/, ''));
    if (key.length >= PREFIX) add(key.slice(0, PREFIX));
    else if (!lemma.endsWith('*')) add(key);
  }
});
const LATIN_WORD = /[a-z\u00C0-\u024F\u0629]+/g;
const NON_ASCII = /[^a-z]/;
/** Up to this many Latin words (a name, a short request), every Latin language is tried. */
const SHORT = 4;
/** The Latin words that tell the languages: the first ones (a long English text is told by its start). */
const SAMPLE = 60;

/**
 * Latin languages the text may be in: any, for a few words ("Lena, 15 Jahre"); else those whose words
 * are a sixth of its (first) Latin words. The glosses then tell by what they knew.
 */
function latinCandidates(text: string): readonly Lang[] {
  const counts = new Array<number>(LATIN_LANGS.length).fill(0);
  const lower = text.toLowerCase();
  let words = 0;
  LATIN_WORD.lastIndex = 0;
  for (let m = LATIN_WORD.exec(lower); m && words < SAMPLE; m = LATIN_WORD.exec(lower)) {
    words++;
    const w = NON_ASCII.test(m[0]) ? canonLatin(m[0]) : m[0];
    const mask =
      LATIN_TRIGGER.get(w) ?? (w.length > PREFIX ? LATIN_TRIGGER.get(w.slice(0, PREFIX)) : undefined);
    if (!mask) continue;
    for (let i = 0; i < LATIN_LANGS.length; i++) if (mask & (1 << i)) counts[i]!++;
  }
  if (words <= SHORT) return LATIN_LANGS;
  return LATIN_LANGS.filter((_, i) => counts[i]! > 0 && counts[i]! * 6 >= words);
}

// --- Tokens ------------------------------------------------------------------------------------------

interface Tok {
  raw: string;
  canon: string;
  kind: 'word' | 'num' | 'punct';
  value?: number;
  ord?: boolean;
  /** A compound read into two ("чотирнадцятирічна" → 14 + «летняя»): the word's gloss. */
  gloss?: string;
  /** The word as written out when no entry knows it (Ukrainian, Belarusian, Kazakh in Russian letters). */
  plain?: string;
}

const TOKEN = /([\p{L}\p{M}]+(?:['’ʼ][\p{L}\p{M}]+)*)|(\d+(?:[.,]\d+)?)|[.!?;:\n,()\-–—]/gu;
const CLAUSE_END = new Set(['.', '!', '?', ';', '\n']);
const ELISION = /^(\p{L}{1,2})['’ʼ](\p{L}.*)$/u;

interface Piece {
  raw: string;
  kind: Tok['kind'];
}
/** The text's words, numbers and marks, found once for all the languages tried on it. */
let lastText = '';
let lastPieces: Piece[] = [];
function piecesOf(text: string): Piece[] {
  if (text === lastText) return lastPieces;
  const pieces: Piece[] = [];
  for (const m of text.matchAll(TOKEN)) {
    pieces.push({ raw: m[0], kind: m[1] !== undefined ? 'word' : m[2] !== undefined ? 'num' : 'punct' });
  }
  lastText = text;
  lastPieces = pieces;
  return pieces;
}

function tokenize(lang: Lang, text: string): Tok[] {
  const out: Tok[] = [];
  for (const { raw, kind } of piecesOf(text)) {
    if (kind === 'num') out.push({ raw, canon: raw, kind, value: Number(raw.replace(',', '.')) });
    else if (kind === 'punct') out.push({ raw, canon: raw === '–' || raw === '—' ? '-' : raw, kind });
    else if (lang.data.elisions) out.push(...wordToks(lang, raw));
    else out.push(wordTok(lang, raw));
  }
  return out;
}

/** A word's tokens: itself, or a French elision and the word ("j'ai" → "j'", "ai"). */
function wordToks(lang: Lang, raw: string): Tok[] {
  const elisions = lang.data.elisions;
  const elided = elisions && raw.length > 2 ? ELISION.exec(raw) : null;
  if (elided && elisions!.includes(elided[1]!.toLowerCase())) {
    return [wordTok(lang, `${elided[1]}'`), wordTok(lang, elided[2]!)];
  }
  return [wordTok(lang, raw)];
}

/** Words read into tokens, by script (a token depends on the script only; never changed once made). */
const TOKENS = { cyrillic: new Map<string, Tok>(), latin: new Map<string, Tok>() };
function wordTok(lang: Lang, raw: string): Tok {
  const cache = TOKENS[lang.data.script];
  let t = cache.get(raw);
  if (!t) {
    t = readTok(lang, raw);
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(raw, t);
  }
  return t;
}

function readTok(lang: Lang, raw: string): Tok {
  const cyrillic = CYRILLIC_LETTER.test(raw);
  // A lone Latin "i" in Ukrainian or Belarusian text is the conjunction «і».
  let canon: string;
  if (lang.data.script === 'cyrillic')
    canon = cyrillic || raw === 'i' ? canonCyrillic(raw) : raw.toLowerCase();
  else canon = cyrillic ? raw.toLowerCase() : canonLatin(raw);
  return { raw, canon, kind: 'word', plain: lang.data.script === 'cyrillic' ? russify(canon) : canon };
}

// --- Numbers -----------------------------------------------------------------------------------------

function cardinal(lang: Lang, w: string): number | undefined {
  const exact = lang.numbers.get(w);
  if (exact !== undefined) return exact;
  for (const e of lang.data.numberEndings ?? []) {
    if (e && w.endsWith(e)) {
      const v = lang.numbers.get(w.slice(0, -e.length));
      if (v !== undefined) return v;
    }
  }
  // Kazakh: a number with its endings («төртте», «бесінші» is an ordinal, below).
  if ((lang.data.depth ?? 1) > 1) {
    for (const s of strippedStems(lang, w)) {
      const v = lang.numbers.get(s);
      if (v !== undefined) return v;
    }
  }
  return undefined;
}

function ordinal(lang: Lang, w: string): number | undefined {
  for (const e of lang.data.ordinalEndings) {
    if (w.endsWith(e) && w.length > e.length) {
      const v = lang.ordinals.get(w.slice(0, -e.length));
      if (v !== undefined) return v;
    }
  }
  return undefined;
}

/** German "vierundzwanzig": a unit, "und", tens; the whole word or nothing. */
function unitAndTens(lang: Lang, w: string): number | undefined {
  for (const joiner of lang.joiners) {
    const at = w.indexOf(joiner);
    if (at <= 0) continue;
    const head = w.slice(0, at);
    const unit = lang.compoundNumbers.get(head) ?? cardinal(lang, head);
    const tens = cardinal(lang, w.slice(at + joiner.length));
    if (unit !== undefined && tens !== undefined && unit < 10 && tens >= 20 && tens % 10 === 0) {
      return unit + tens;
    }
  }
  return undefined;
}

/** A compound age or grade: a number stem and what follows it («чотирнадцяти|річна», "acht|klässlerin"). */
function compound(lang: Lang, w: string): Tok[] | undefined {
  const kinds: [string[] | undefined, (n: number) => Tok[]][] = [
    [lang.data.compoundAge, (n) => [numTok(n), { raw: w, canon: w, kind: 'word', gloss: 'летняя' }]],
    [lang.data.compoundGrade, (n) => [numTok(n, true), { raw: w, canon: w, kind: 'word', gloss: 'класс' }]],
  ];
  for (const [rests, make] of kinds) {
    if (!rests) continue;
    for (let cut = 2; cut <= w.length - 3; cut++) {
      const rest = w.slice(cut);
      if (!rests.some((r) => rest.startsWith(r))) continue;
      const head = w.slice(0, cut);
      const n = lang.compoundNumbers.get(head) ?? cardinal(lang, head) ?? unitAndTens(lang, head);
      if (n !== undefined) return make(n);
    }
  }
  return undefined;
}

function numTok(value: number, ord = false): Tok {
  return { raw: String(value), canon: String(value), kind: 'num', value, ord };
}

const ORDINAL_SUFFIX = /^(\d{1,2})(?:e|eme|er|ere|re|o|a|º|ª)$/;

/** Number words read as numbers, their parts joined ("он төрт" → 14, "dix-sept" → 17, "treinta y dos"). */
function readNumbers(lang: Lang, toks: Tok[]): Tok[] {
  const out: Tok[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    // "3e", "4ème", "2º": a digit written as an ordinal.
    if (t.kind === 'num' && lang.data.script === 'latin' && toks[i + 1]?.kind === 'word') {
      const m = ORDINAL_SUFFIX.exec(`${t.raw}${toks[i + 1]!.canon}`);
      if (m && toks[i + 1]!.raw.length <= 3 && /^\d/.test(t.raw) && adjacentSuffix(toks[i + 1]!)) {
        out.push(numTok(Number(m[1]), true));
        i++;
        continue;
      }
    }
    if (t.kind !== 'word') {
      out.push(t);
      continue;
    }
    const read = numberWord(lang, t.canon);
    if (read)
      for (const n of read) out.push(n.kind === 'num' && read.length === 1 ? { ...n, raw: t.raw } : n);
    else out.push(t);
  }
  return joinNumbers(lang, out);
}

/** A word as a number: a cardinal, an ordinal, or a compound age or grade (two tokens); remembered. */
function numberWord(lang: Lang, w: string): readonly Tok[] | null {
  const known = lang.numberWords.get(w);
  if (known !== undefined) return known;
  let read: Tok[] | null = null;
  // A closed-class word is what it is ("онда" is "there", not «он» 10 with an ending).
  if (!lang.exact.has(w)) {
    // An ordinal first: its endings are its own («тоғыз|ыншы»), a cardinal's are any word's.
    const ord = ordinal(lang, w);
    const card = ord === undefined ? (cardinal(lang, w) ?? unitAndTens(lang, w)) : undefined;
    if (ord !== undefined) read = [numTok(ord, true)];
    else if (card !== undefined) read = [numTok(card)];
    else read = compound(lang, w) ?? null;
  }
  if (lang.numberWords.size >= CACHE_SIZE) lang.numberWords.clear();
  lang.numberWords.set(w, read);
  return read;
}

/** Whether a word right after digits is an ordinal ending ("3e", not "3 enfants"): a short, known one. */
function adjacentSuffix(t: Tok): boolean {
  return /^(?:e|eme|er|ere|re|o|a|º|ª)$/.test(t.canon);
}

/** Tens and units: "20 2" → 22, "10 4" → 14 (Kazakh, French "dix-sept"), "4 - 20" → 80 (French). */
function joinNumbers(lang: Lang, toks: Tok[]): Tok[] {
  const out: Tok[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const prev = out[out.length - 1];
    if (t.kind === 'num' && !t.ord && prev?.kind === 'num' && !prev.ord && prev.raw !== prev.canon) {
      // Only number words join (digits are written as meant): prev.raw is the word.
      const a = prev.value!;
      const b = t.value!;
      if (a >= 10 && a % 10 === 0 && b < 10 && t.raw !== t.canon) {
        out[out.length - 1] = { ...numTok(a + b), raw: `${prev.raw} ${t.raw}` };
        continue;
      }
    }
    // Joined by a dash or a joiner word: "dix-sept", "vingt-deux", "treinta y dos", "quatre-vingt".
    const joiner = t.kind === 'punct' ? t.canon === '-' : t.kind === 'word' && lang.joiners.has(t.canon);
    const next = toks[i + 1];
    if (
      joiner &&
      prev?.kind === 'num' &&
      next?.kind === 'num' &&
      prev.raw !== prev.canon &&
      next.raw !== next.canon
    ) {
      const a = prev.value!;
      const b = next.value!;
      let v: number | undefined;
      if (a >= 10 && a % 10 === 0 && b < 10) v = a + b;
      else if (a >= 60 && a % 20 === 0 && b >= 10 && b < 20) v = a + b;
      else if (a > 1 && a < 10 && b === 20 && t.canon === '-') v = a * 20;
      if (v !== undefined) {
        out[out.length - 1] = { ...numTok(v), raw: `${prev.raw}-${next.raw}` };
        i++;
        continue;
      }
    }
    out.push(t);
  }
  return out;
}

// --- Words -------------------------------------------------------------------------------------------

interface Found {
  gloss: Gloss;
  /** The word's own reflexive ending («роздягайся»). */
  reflexive: boolean;
  /** Pronouns written onto it (es "quítale" → «ей»). */
  clitics: string[];
  /** Kazakh: the person ending's pronoun. */
  person?: string;
}

/** es "quítatela" → "quita" + ["te", "la"]: a verb form ending in a vowel, r or d before the pronouns. */
function withoutClitics(lang: Lang, w: string): { verb: string; clitics: string[] } | undefined {
  const clitics = lang.data.clitics;
  if (!clitics) return undefined;
  const found: string[] = [];
  let verb = w;
  for (let round = 0; round < 2; round++) {
    const c = Object.keys(clitics).find((k) => verb.endsWith(k) && verb.length - k.length >= 3);
    if (!c) break;
    found.unshift(c);
    verb = verb.slice(0, -c.length);
  }
  if (found.length === 0 || !/(?:[aeiou]|ar|er|ir|d|ndo)$/.test(verb)) return undefined;
  return { verb, clitics: found };
}

/** A word's entry, remembered: a chat repeats its words, and a compound is read from its parts. */
function lookup(lang: Lang, w: string): Found | undefined {
  const known = lang.found.get(w);
  if (known !== undefined) return known ?? undefined;
  const found = readWord(lang, w) ?? null;
  if (lang.found.size >= CACHE_SIZE) lang.found.clear();
  lang.found.set(w, found);
  return found ?? undefined;
}

function readWord(lang: Lang, w: string): Found | undefined {
  const exact = lang.exact.get(w);
  if (exact) return { gloss: exact, reflexive: false, clitics: [] };
  const direct = lang.words.get(w);
  if (direct) return { gloss: direct, reflexive: false, clitics: [] };
  if (lang.data.snowball) {
    const stemmed = lang.words.get(lang.stem(w));
    if (stemmed) return { gloss: stemmed, reflexive: false, clitics: [] };
    const bare = withoutClitics(lang, w);
    if (bare) {
      const g =
        lang.exact.get(bare.verb) ?? lang.words.get(bare.verb) ?? lang.words.get(lang.stem(bare.verb));
      const p = g ?? prefixed(lang, bare.verb);
      if (p) return { gloss: p, reflexive: false, clitics: bare.clitics };
    }
  } else {
    const stems = strippedStems(lang, w);
    for (const s of stems) {
      const g = lang.words.get(s);
      if (g)
        return { gloss: g, reflexive: reflexiveOf(lang, w, s), clitics: [], person: personOf(lang, w, s) };
    }
  }
  const p = prefixed(lang, w);
  if (p) {
    return { gloss: p, reflexive: lang.reflexiveEndings.some((r) => w.endsWith(r)), clitics: [] };
  }
  return undefined;
}

function reflexiveOf(lang: Lang, w: string, stem: string): boolean {
  return stem.length < w.length && lang.reflexiveEndings.some((r) => w.endsWith(r));
}

/** Kazakh: the person ending among the endings stripped to reach the root («жас|та|сың» → «тебе»). */
function personOf(lang: Lang, w: string, stem: string): string | undefined {
  const persons = lang.data.personEndings;
  if (!persons) return undefined;
  const rest = w.slice(stem.length);
  for (const [ending, pronoun] of Object.entries(persons)) if (rest.endsWith(ending)) return pronoun;
  return undefined;
}

function prefixed(lang: Lang, w: string): Gloss | undefined {
  for (let n = Math.min(w.length, lang.longestPrefix); n >= 3; n--) {
    const g = lang.prefixes.get(w.slice(0, n));
    if (g) return g;
  }
  return undefined;
}

const LINKS = ['', 's', 'n', 'en', 'es', 'er', 'e'];

/** German compounds: "Nacktfoto" → «голая фото», "Schulmädchen" → «школа девочка». */
function decompound(lang: Lang, w: string): string | undefined {
  if (lang.name !== 'de' || w.length < 7) return undefined;
  const known = lang.compounds.get(w);
  if (known !== undefined) return known ?? undefined;
  const parts = splitCompound(lang, w) ?? null;
  if (lang.compounds.size >= CACHE_SIZE) lang.compounds.clear();
  lang.compounds.set(w, parts);
  return parts ?? undefined;
}

function splitCompound(lang: Lang, w: string): string | undefined {
  for (let cut = 3; cut <= w.length - 3; cut++) {
    const right = lookup(lang, w.slice(cut));
    if (!right?.gloss.g) continue;
    for (const link of LINKS) {
      const head = w.slice(0, cut);
      if (!head.endsWith(link) || head.length - link.length < 3) continue;
      const left = lookup(lang, head.slice(0, head.length - link.length));
      if (left?.gloss.g) return `${left.gloss.g} ${right.gloss.g}`;
    }
  }
  return undefined;
}

// --- Glossing -------------------------------------------------------------------------------------

function isNum(t: Tok | undefined): boolean {
  return t?.kind === 'num' && !t.ord;
}

/** A number follows, over fillers ("masz już 13", "tienes solo 15"). */
function numberAfter(lang: Lang, toks: Tok[], i: number): boolean {
  for (let j = i + 1; j < Math.min(toks.length, i + 4); j++) {
    if (isNum(toks[j])) return true;
    if (!lang.fillers.has(toks[j]!.canon)) return false;
  }
  return false;
}

/** The tokens of a phrase at i, or null: its elements in order (dashes skipped), gaps within the clause. */
function matchPhrase(lang: Lang, toks: Tok[], i: number, phrase: Phrase): number[] | null {
  const used: number[] = [];
  let j = i;
  let gap = 0;
  for (const el of phrase.elements) {
    if (el === null) {
      gap = GAP;
      continue;
    }
    let found = -1;
    let skipped = 0;
    for (let k = j; k < toks.length && k - skipped <= j + gap; k++) {
      const t = toks[k]!;
      if (t.kind === 'punct' && CLAUSE_END.has(t.canon)) break;
      if (t.canon === '-') {
        skipped++;
        continue;
      }
      if (t.kind === 'word' && keysOf(lang, t).some((key) => el.has(key))) {
        found = k;
        break;
      }
    }
    if (found < 0) return null;
    used.push(found);
    j = found + 1;
    gap = 0;
  }
  return used;
}

function keysOf(lang: Lang, t: Tok): readonly string[] {
  return stemsOf(lang, t.canon);
}

interface Out {
  text: string;
  /** A number (an age may follow a pronoun before it). */
  num?: boolean;
  /** The token it glosses. */
  index?: number;
  /** Kazakh: a pronoun whose age the number before this word is. */
  dative?: string;
}

/** Subject pronouns that state an age before a number once the copula is gone ("du bist 14" → «ты 14»). */
const DATIVE: Record<string, string> = { ты: 'тебе', я: 'мне', она: 'ей', он: 'ему' };
/** Words between a pronoun and the age it states: fillers and the negation ("du bist noch nicht 18"). */
const RU_FILLERS = new Set([
  'не',
  'нет',
  'уже',
  'только',
  'всего',
  'еще',
  'лишь',
  'же',
  'ведь',
  'почти',
  'ровно',
  'сейчас',
  'теперь',
]);
/** What a number with a dot before it makes an ordinal of ("7. Klasse"). */
const ORDINAL_NOUN = /^(?:класс|курс|этаж)/;

/** The text glossed in one language, and how many of its words the language knew. */
export function glossIn(langName: string, text: string): { text: string; score: number } | undefined {
  const lang = LANGS.find((l) => l.name === langName);
  return lang ? glossWith(lang, text) : undefined;
}

function glossWith(lang: Lang, text: string): { text: string; score: number } {
  const toks = readNumbers(lang, tokenize(lang, text));
  const out: Out[] = [];
  const consumed = new Set<number>();
  let score = 0;
  for (let i = 0; i < toks.length; i++) {
    if (consumed.has(i)) continue;
    const t = toks[i]!;
    if (t.kind === 'num') {
      if (t.raw !== t.canon && !lang.weak.has(canonFor(lang, t.raw))) score++;
      let ord = t.ord;
      // "7. Klasse": the dot makes an ordinal, and is no sentence's end.
      if (!ord && lang.data.ordinalDot && toks[i + 1]?.canon === '.' && toks[i + 2]?.kind === 'word') {
        const next = lookup(lang, toks[i + 2]!.canon);
        if (next && ORDINAL_NOUN.test(next.gloss.g)) {
          ord = true;
          consumed.add(i + 1);
        }
      }
      const grade = ord && gradeWithoutNoun(lang, toks, i);
      out.push(ord ? { text: `${t.value}-й${grade ? ' класс' : ''}` } : { text: String(t.value), num: true });
      continue;
    }
    if (t.kind === 'punct') {
      out.push({ text: t.canon });
      continue;
    }
    if (t.gloss !== undefined) {
      out.push({ text: t.gloss });
      continue;
    }
    const hyphened = toks[i - 1]?.canon === '-' ? lang.data.afterHyphen?.[t.canon] : undefined;
    if (hyphened !== undefined) {
      out.push({ text: hyphened, index: i });
      continue;
    }
    const phrase = phraseAt(lang, toks, i);
    if (phrase) {
      for (const k of phrase.used) consumed.add(k);
      score += phrase.used.length;
      out.push({ text: phrase.gloss });
      continue;
    }
    score += glossWord(lang, toks, i, out, consumed);
  }
  return { text: finish(out), score };
}

/** The word at i glossed onto `out`, its variant chosen by what is around it; 1 when the language knew it. */
function glossWord(lang: Lang, toks: Tok[], i: number, out: Out[], consumed: Set<number>): number {
  const t = toks[i]!;
  const found = lookup(lang, t.canon);
  if (!found) {
    const parts = decompound(lang, t.canon);
    out.push({ text: parts ?? t.plain ?? t.canon, index: i });
    return parts ? 1 : 0;
  }
  const g = found.gloss;
  // A pronoun glossed «себя» written onto the verb ("quítate") makes it reflexive.
  let reflexive = found.reflexive || found.clitics.some((c) => lang.data.clitics?.[c] === 'себя');
  if (g.self && !reflexive) {
    const at = takeReflexive(lang, toks, i, consumed);
    if (at >= 0) {
      reflexive = true;
      // A pronoun before the verb ("jak się dla mnie rozbiera") was written out already: taken back.
      for (const o of out) if (o.index === at) o.text = '';
    }
  }
  const numberNext = numberAfter(lang, toks, i);
  let text = g.g;
  if (g.num && numberNext) text = g.num;
  else if (g.after && isNum(toks[i - 1])) text = g.after;
  else if (g.self && reflexive) text = g.self;
  else if (g.verb && found.clitics.length > 0) text = g.verb;
  else if (g.first && clauseStart(lang, toks, i)) text = g.first;
  const item: Out = { text, index: i };
  if (g.person && found.person) {
    // «жасың 15» → «тебе возраст 15»; «он бес жастасың» → «тебе 15 лет» (the number before).
    if (numberNext) item.text = `${found.person} ${text}`;
    else item.dative = found.person;
  }
  out.push(item);
  for (const c of found.clitics) {
    const cg = lang.data.clitics![c]!;
    if (!(g.self && reflexive && cg === 'себя')) out.push({ text: cg });
  }
  return !g.weak && !lang.weak.has(t.canon) && g.g !== t.canon ? 1 : 0;
}

function phraseAt(lang: Lang, toks: Tok[], i: number): { used: number[]; gloss: string } | undefined {
  const seen = new Set<Phrase>();
  for (const key of keysOf(lang, toks[i]!)) {
    for (const phrase of lang.phrases.get(key) ?? []) {
      if (seen.has(phrase)) continue;
      seen.add(phrase);
      const used = matchPhrase(lang, toks, i, phrase);
      if (used) return { used, gloss: phrase.gloss.g };
    }
  }
  return undefined;
}

/** "en quatrième", "estoy en octavo de…": an ordinal after "en" with no noun of its own is a grade. */
function gradeWithoutNoun(lang: Lang, toks: Tok[], i: number): boolean {
  const preps = lang.data.gradePrepositions;
  if (!preps) return false;
  let k = i - 1;
  while (k >= 0 && toks[k]!.kind === 'word' && lang.exact.get(toks[k]!.canon)?.g === '') k--;
  const prev = toks[k];
  if (prev?.kind !== 'word' || !preps.includes(prev.canon)) return false;
  const next = toks[i + 1];
  return !next || next.kind === 'punct' || (lang.data.gradeFollowers ?? []).includes(next.canon);
}

function clauseStart(lang: Lang, toks: Tok[], i: number): boolean {
  const prev = toks[i - 1];
  return !prev || prev.kind === 'punct' || lang.openers.has(prev.canon);
}

/** A reflexive pronoun beside the verb at i, in its clause ("rozbierz się", "zieh dich … aus"): taken. */
function takeReflexive(lang: Lang, toks: Tok[], i: number, consumed: Set<number>): number {
  for (const k of [i + 1, i - 1, i + 2, i - 2, i + 3, i - 3, i - 4]) {
    const t = toks[k];
    if (!t || consumed.has(k)) continue;
    if (t.kind === 'word' && lang.reflexives.has(t.canon)) {
      const between = toks.slice(Math.min(i, k), Math.max(i, k));
      if (between.some((b) => b.kind === 'punct' && b.canon !== '-')) continue;
      consumed.add(k);
      return k;
    }
  }
  return -1;
}

/** The glossed words joined; a pronoun before a number becomes the dative the rules read as an age. */
function finish(out: Out[]): string {
  const words: Out[] = [];
  for (const o of out) {
    if (o.dative) {
      // Kazakh «он төрт жастасың»: the age is «тебе»'s; the number is the word before.
      const at = words.length - 1;
      if (at >= 0 && words[at]!.num && words[at - 1]?.text !== o.dative)
        words.splice(at, 0, { text: o.dative });
    }
    if (o.num) {
      // "du bist 14" → «ты 14» → «тебе 14», over fillers ("du bist erst 14").
      let k = words.length - 1;
      while (k >= 0 && RU_FILLERS.has(words[k]!.text)) k--;
      const dative = k >= 0 ? DATIVE[words[k]!.text] : undefined;
      if (dative) words[k] = { text: dative };
    }
    if (o.text) words.push(o);
  }
  return words.map((w) => w.text).join(' ');
}

// --- Entry --------------------------------------------------------------------------------------------

/**
 * The text glossed into Russian in each language it seems to be written in (none for Russian or
 * English): further variants for the rules, beside the text itself.
 */
export function glossVariants(text: string): string[] {
  if (PLAIN_RUSSIAN.test(text) || !MAY_GLOSS.test(text)) return [];
  const out: string[] = [];
  if (CYRILLIC_MARK.test(text)) {
    // Kazakh letters tell Kazakh; «і» alone (the confusables leave little else) any of the three.
    const kazakh = KAZAKH_MARK.test(text);
    let best = 0;
    const results: { text: string; score: number }[] = [];
    for (const lang of kazakh ? CYRILLIC_LANGS.filter((l) => l.name === 'kk') : CYRILLIC_LANGS) {
      const r = glossWith(lang, text);
      if (r.score === 0) continue;
      results.push(r);
      best = Math.max(best, r.score);
    }
    for (const r of results) if (r.score === best) out.push(r.text);
  }
  if (/[a-zA-Z]/.test(text)) {
    let best = 0;
    const results: { text: string; score: number }[] = [];
    for (const lang of latinCandidates(text)) {
      const r = glossWith(lang, text);
      results.push(r);
      best = Math.max(best, r.score);
    }
    for (const r of results) if (r.score > 0 && r.score === best) out.push(r.text);
  }
  return [...new Set(out)].filter((v) => v !== text);
}
