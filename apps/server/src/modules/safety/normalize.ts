/**
 * The normaliser of the rules layer (issue 11): turns free text into token streams ("views") on which the
 * word lists and age rules run, so that obfuscation does not help.
 *
 * - Unicode: NFKC (fullwidth, mathematical letters), invisible characters dropped, homoglyphs of other
 *   scripts folded by `unhomoglyph` (the Unicode confusables table); a word that mixes Latin and Cyrillic
 *   look-alikes ("шкoльница" with a Latin o) is written wholly in its majority script.
 * - Leetspeak inside words ("шк0льн1цы", "l0li", "кл@сса"), per the word's script.
 * - Letters spelled apart ("ш.к.о.л.ь.н.и.ц.а", "s c h o o l g i r l", "1 4 л е т") are joined.
 * - Case folded, ё → е; digits split from letters ("17yo", "14лет"); "7Б" → "7 класс"; "10+4" → "14".
 * - Number words to numbers: Russian cardinals in every case, compound ages ("четырнадцатилетняя"),
 *   English cardinals; ordinals kept as `ord` ("восьмом", "5th").
 * - Transliteration: a second view reads Latin words as transliterated Russian ("shkolnitsei").
 * - Morphology: every word carries its Snowball stem (Russian or English by script), with ь/ъ dropped and
 *   й → и so that transliterated spellings meet the dictionary's.
 */
import snowball from 'snowball-stemmers';
import unhomoglyph from 'unhomoglyph';
import numbers from './data/numbers.json' with { type: 'json' };
import scriptData from './data/script.json' with { type: 'json' };
import { decodeVariants } from './decode.ts';
import { glossVariants } from './gloss.ts';

export interface Token {
  /** The word as normalised (lowercase, ё → е; Cyrillic in the transliterated view), or digits, or a mark. */
  surface: string;
  /** Skeleton of the Snowball stem (ь/ъ dropped, й → и); the surface for numbers and marks. */
  stem: string;
  /** Skeleton of the surface, for the word lists' exact forms. */
  exact: string;
  /** Vowel-blind key of long Cyrillic stems, for misspellings ("рибёнок", "девчёнка"); '' when none. */
  fuzzy: string;
  kind: 'word' | 'num' | 'punct';
  /** The value of a number (digits or a cardinal word). */
  num?: number;
  /** The value of an ordinal ("восьмой", "5th", "семи-" in "семиклассница"). */
  ord?: number;
  latin: boolean;
  /** Digits written with a leading zero ("007"): a code, never an age. */
  zero?: boolean;
}

export type View = Token[];

const ru = snowball.newStemmer('russian');
const en = snowball.newStemmer('english');

const RU_LETTER = /[а-яё]/i;
const LATIN_LETTER = /[a-z]/i;
const RU_VOWELS = /[аеиоуыэюя]/g;

/** ь/ъ dropped, й → и, ё → е: transliterated and misspelt forms meet the dictionary's. */
export function skeleton(word: string): string {
  return word.replace(/[ьъ]/g, '').replace(/й/g, 'и').replace(/ё/g, 'е');
}

function fuzzyKey(stem: string): string {
  return stem.length >= 6 && RU_LETTER.test(stem) ? stem.replace(RU_VOWELS, '*') : '';
}

const stemCache = new Map<string, string>();
/** The skeleton of a word's Snowball stem, Russian or English by its script. */
export function stemOf(word: string): string {
  let stem = stemCache.get(word);
  if (stem === undefined) {
    stem = RU_LETTER.test(word)
      ? skeleton(ru.stem(word.replace(/ё/g, 'е')))
      : en.stem(word.replace(/'/g, ''));
    if (stemCache.size < 50_000) stemCache.set(word, stem);
  }
  return stem;
}

/** Latin letters that look like Russian ones, from the confusables table (the inverse of its folding). */
const LATIN_TO_CYRILLIC = new Map<string, string>();
for (const ch of 'абвгдежзийклмнопрстуфхцчшщъыьэюяАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ') {
  const folded = unhomoglyph(ch);
  if (/^[A-Za-z]$/.test(folded) && !LATIN_TO_CYRILLIC.has(folded)) LATIN_TO_CYRILLIC.set(folded, ch);
}
for (const [latin, cyrillic] of Object.entries({ k: 'к', m: 'м', t: 'т', h: 'н', b: 'в', n: 'п', u: 'и' })) {
  if (!LATIN_TO_CYRILLIC.has(latin)) LATIN_TO_CYRILLIC.set(latin, cyrillic);
}

const LEET = scriptData.leet as { cyrillic: Record<string, string>; latin: Record<string, string> };

/** Characters that are not Russian Cyrillic nor basic Latin fold to their Latin look-alike. */
function foldForeign(ch: string): string {
  if (/[a-zA-Z0-9а-яА-ЯёЁ]/.test(ch) || !/\p{L}/u.test(ch)) return ch;
  const folded = unhomoglyph(ch);
  // Accented Latin letters: drop the accents (é → e).
  return folded.normalize('NFD').replace(/\p{M}/gu, '');
}

/** A word that mixes scripts is written in its majority script; leetspeak between letters is decoded. */
const PLAIN_WORD = /^(?:[a-zA-Z']+|[а-яА-ЯёЁ]+|\d+)$/;
function fixWord(word: string, cyrillicText: boolean): string {
  if (PLAIN_WORD.test(word)) return word;
  const chars = [...word].map(foldForeign).join('');
  const cyr = (chars.match(/[а-яё]/gi) ?? []).length;
  const lat = (chars.match(/[a-z]/gi) ?? []).length;
  const cyrillic = cyr > lat || (cyr === lat && cyr > 0 && cyrillicText);
  let out = chars;
  if (cyr > 0 && lat > 0) {
    out = cyrillic
      ? out.replace(/[a-z]/gi, (c) => LATIN_TO_CYRILLIC.get(c) ?? LATIN_TO_CYRILLIC.get(c.toLowerCase()) ?? c)
      : out.replace(/[а-яё]/gi, (c) => unhomoglyph(c).toLowerCase());
  }
  const leet = cyrillic ? LEET.cyrillic : LEET.latin;
  return out.replace(/(?<=\p{L})[0-9@$!|]+(?=\p{L})/gu, (run) => [...run].map((c) => leet[c] ?? c).join(''));
}

/**
 * Letters spelled apart with separators (spaces, dots, dashes, underscores, asterisks, symbols, emoji):
 * runs of three or more single characters are joined ("k i d", "ш🍓к🍓о🍓л🍓а").
 */
const SEP = String.raw`[\s.\-_*·•|/\\,~+\p{S}\p{Extended_Pictographic}\u200D\uFE0F]`;
const SPELLED_APART = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:[\p{L}\p{N}](?:${SEP}{1,3})){2,}[\p{L}\p{N}](?![\p{L}\p{N}])`,
  'gu',
);
const SEP_SPLIT = new RegExp(`(${SEP}{1,3})`, 'u');
/** One-letter words that may open or close a spelled-apart run ("ш к о л а в чулках"): kept apart too. */
const ONE_LETTER_WORDS = new Set(['в', 'с', 'к', 'у', 'о', 'и', 'а', 'я', 'a', 'i']);

/**
 * Joins one run of letters spelled apart while its separator stays the same ("ш-к-о-л-а в" keeps "в");
 * with `detach`, a one-letter word at either end of a run stays a word of its own.
 */
function joinSpelledApart(run: string, detach: boolean): string {
  const parts = run.split(SEP_SPLIT);
  const out: string[] = [];
  let i = 0;
  while (i < parts.length) {
    const sep = parts[i + 1];
    let j = i;
    while (j + 2 < parts.length && parts[j + 1] === sep) j += 2;
    let from = i;
    let to = j;
    if (detach && (to - from) / 2 + 1 >= 4) {
      if (ONE_LETTER_WORDS.has(parts[from]!)) from += 2;
      if (ONE_LETTER_WORDS.has(parts[to]!)) to -= 2;
    }
    const letters = (to - from) / 2 + 1;
    if (letters >= 3) {
      if (from > i) out.push(parts[i]!, ' ');
      for (let k = from; k <= to; k += 2) out.push(parts[k]!);
      if (to < j) out.push(' ', parts[j]!);
    } else out.push(...parts.slice(i, j + 1));
    if (j + 1 < parts.length) out.push(parts[j + 1]!);
    i = j + 2;
  }
  return out.join('');
}

/**
 * Text that `prepare` leaves as it is: ASCII and Russian letters only (NFKC, the invisible characters and
 * the confusables do not touch them), with no word that mixes the two scripts or has leetspeak between
 * its letters. Most chat text is such; telling it costs two scans instead of the rewrite.
 */
const PLAIN_TEXT = /^[\t\n\r\x20-\x7Eа-яА-ЯёЁ]*$/;
const NEEDS_FIX = /[a-zA-Z][а-яА-ЯёЁ]|[а-яА-ЯёЁ][a-zA-Z]|[a-zA-Zа-яА-ЯёЁ][0-9@$!|]+[a-zA-Zа-яА-ЯёЁ]/;

/** Unicode, confusables, leetspeak and case: the text every view starts from (case kept for names). */
export function prepare(text: string, shortcuts = true): string {
  if (shortcuts && PLAIN_TEXT.test(text) && !NEEDS_FIX.test(text)) return text;
  const nfkc = clean(text);
  const cyrillicText = (nfkc.match(/[а-яё]/gi) ?? []).length >= (nfkc.match(/[a-z]/gi) ?? []).length;
  return nfkc.replace(/[\p{L}\p{M}0-9@$!|]+/gu, (w) => fixWord(w, cyrillicText));
}

/**
 * NFKC, invisible characters, variation selectors, the keycap mark ("1️⃣4️⃣" → "14") and stress marks
 * ("шко́льни́ца") dropped: the text before look-alike letters are folded (the glossary reads «ў», «і», «ą» there).
 */
export function clean(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u00AD\u200B-\u200F\u2060-\u2064\uFEFF]/g, '')
    .replace(/\uFE0E|\uFE0F|\u20E3|\u0300|\u0301/g, '');
}

/** A letter or digit (one code point of the Basic Multilingual Plane). */
const WORD_CHAR = /[\p{L}\p{N}]/u;
function wordUnit(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  if ((c >= 0x410 && c <= 0x44f) || c === 0x401 || c === 0x451) return true;
  return WORD_CHAR.test(String.fromCharCode(c));
}
const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;

/**
 * Whether SPELLED_APART may match: two one-character words one to three separators apart. The regex
 * costs about 30 ns a character; this scan a tenth of that. Text outside the Basic Multilingual Plane
 * (emoji) always goes to the regex. No separator is a letter or digit once NFKC has run (ℹ, the one
 * pictographic letter, is then "i").
 */
function maySpellApart(text: string): boolean {
  let lastSingle = -10;
  let prevWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSurrogate(c)) return true;
    const isWord = wordUnit(c);
    if (isWord && !prevWord) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : -1;
      if (next >= 0 && isSurrogate(next)) return true;
      if (next < 0 || !wordUnit(next)) {
        const gap = i - lastSingle - 1;
        if (gap >= 1 && gap <= 3) return true;
        lastSingle = i;
      }
    }
    prevWord = isWord;
  }
  return false;
}

/** Whether a letter may repeat three times in a row (a code unit thrice, or any astral character). */
function mayRepeatLetter(text: string): boolean {
  for (let i = 2; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSurrogate(c)) return true;
    if (c === text.charCodeAt(i - 1) && c === text.charCodeAt(i - 2)) return true;
  }
  return false;
}

const DIGIT = /\d/;
function fold(text: string, shortcuts: boolean): string {
  let lower = text.toLowerCase().replace(/ё/g, 'е');
  if (!shortcuts || mayRepeatLetter(lower)) lower = lower.replace(/(\p{L})\1{2,}/gu, '$1');
  lower = lower.replace(/[’‘`´]/g, "'");
  // The rest reads numbers: a text without digits has nothing for them.
  if (shortcuts && !DIGIT.test(lower)) return lower;
  if (!shortcuts || lower.includes('+')) {
    lower = lower
      .replace(/(\d{1,2})\s*\+\s*(\d{1,2})(?!\d)/g, (_, a, b) => String(Number(a) + Number(b)))
      .replace(/(\d{1,3})\s*\+(?!\s*\d)/g, (m, n) => (Number(n) >= 18 ? ' эроконтент ' : m));
  }
  // "13 y/o", "13 y/0": years old.
  if (lower.includes('/')) lower = lower.replace(/(\d)\s*y\s*\/\s*[o0](?![\p{L}\p{N}])/gu, '$1 yo');
  // A school class's letter in quotes ("9 «А»", "в восьмом «В»") is a class.
  if (/[«"„“]/.test(lower)) lower = lower.replace(/[«"„“]\s*[абвгд]\s*[»"“”]/g, ' класс');
  // A height in feet and inches ("5'0", "5′2″") is not an age.
  if (lower.includes("'") || lower.includes('′'))
    lower = lower.replace(/(\d)\s*['′]\s*(\d{1,2})(?:\s*(?:"|″|''))?/g, '$1 ft $2 in');
  return (
    lower
      .replace(/(?<![\p{L}\p{N}])([1-9]|1[01])-?([абвгд])(?![\p{L}])/gu, '$1 класс')
      .replace(/(\d)(?=\p{L})/gu, '$1 ')
      // A space between a letter and the digit after it (found from the digit: digits are few).
      .replace(/\d(?<=\p{L}\d)/gu, ' $&')
  );
}

const TOKEN = /\p{L}+(?:'\p{L}*)*|\d+(?:[.,]\d+)?|[.!?;:\n]|[,()\-+/]/gu;

const TRANSLIT = (scriptData.translit as [string, string][]).map(([from, to]) => ({
  from: from.replace(/[$^]/g, ''),
  to,
  atEnd: from.endsWith('$'),
}));
const VOWEL = /[aeiouy]/;

/** Latin transliteration of Russian back to Cyrillic ("shkolnitsei" → "школницей"). */
export function translit(word: string): string {
  let out = '';
  let i = 0;
  outer: while (i < word.length) {
    // "y" between a vowel and a consonant is й ("pozhaluysta").
    if (
      word[i] === 'y' &&
      i > 0 &&
      VOWEL.test(word[i - 1]!) &&
      i + 1 < word.length &&
      !VOWEL.test(word[i + 1]!)
    ) {
      out += 'й';
      i += 1;
      continue;
    }
    for (const rule of TRANSLIT) {
      if (!word.startsWith(rule.from, i)) continue;
      if (rule.atEnd && i + rule.from.length !== word.length) continue;
      out += rule.to;
      i += rule.from.length;
      continue outer;
    }
    out += word[i];
    i += 1;
  }
  return out;
}

const RU_CARDINAL = new Map<string, number>();
for (const [value, forms] of Object.entries(numbers.ru.cardinal)) {
  for (const form of forms) RU_CARDINAL.set(skeleton(form), Number(value));
}
const RU_ORDINAL = new Map<string, number>();
for (const [value, forms] of Object.entries(numbers.ru.ordinal)) {
  for (const form of forms) RU_ORDINAL.set(stemOf(form), Number(value));
}
const RU_COMPOUND = Object.entries(numbers.ru.compound as Record<string, number>)
  .map(([prefix, value]) => ({ prefix: skeleton(prefix), value }))
  .sort((a, b) => b.prefix.length - a.prefix.length);
const GRADE_PREFIX = Object.entries(numbers.ru.gradePrefixes as Record<string, number>)
  .map(([prefix, value]) => ({ prefix, value }))
  .sort((a, b) => b.prefix.length - a.prefix.length);
const EN_CARDINAL = new Map(Object.entries(numbers.en.cardinal as Record<string, number>));
const EN_ORDINAL = new Map(Object.entries(numbers.en.ordinal as Record<string, number>));

function word(surface: string): Token {
  const latin = !RU_LETTER.test(surface) && LATIN_LETTER.test(surface);
  const stem = stemOf(surface);
  return { surface, stem, exact: skeleton(surface), fuzzy: latin ? '' : fuzzyKey(stem), kind: 'word', latin };
}
function num(value: number, ord?: number): Token {
  const token: Token = {
    surface: String(value),
    stem: String(value),
    exact: String(value),
    fuzzy: '',
    kind: 'num',
    num: value,
    latin: false,
  };
  if (ord !== undefined) token.ord = ord;
  return token;
}

/** "четырнадцатилетняя" → 14 + "летняя"; "двадцатипятилетней" → 25 + "летней"; null when not a compound age. */
function compoundAge(surface: string): Token[] | null {
  const sk = skeleton(surface);
  let rest = sk;
  let value = 0;
  for (let part = 0; part < 2; part++) {
    const hit = RU_COMPOUND.find((c) => rest.startsWith(c.prefix));
    if (!hit) break;
    value += hit.value;
    rest = rest.slice(hit.prefix.length);
  }
  if (value === 0 || !/^лет/.test(rest)) return null;
  return [num(value), word(rest)];
}

/** "семиклассница" → ord 7 + "класс"; "первоклашка" → ord 1 + "класс". */
function compoundGrade(surface: string): Token[] | null {
  for (const { prefix, value } of GRADE_PREFIX) {
    if (!surface.startsWith(prefix)) continue;
    const rest = surface.slice(prefix.length);
    if (/^кл(асс|аш)/.test(rest)) {
      const grade: Token = {
        surface: String(value),
        stem: String(value),
        exact: String(value),
        fuzzy: '',
        kind: 'num',
        ord: value,
        latin: false,
      };
      return [grade, word('класс')];
    }
  }
  return null;
}

/** One view's tokens: number words read, Latin words kept (English) or transliterated to Russian. */
/**
 * The tokens of one raw word, as read before: reading a word (skeleton, stem, compounds, number words)
 * is most of a check's cost, and a chat repeats its words. The tokens are shared between views and
 * frozen: `joinNumbers` replaces a token it changes, and nothing else writes to one.
 */
const TOKEN_CACHE_SIZE = 20_000;
const plainCache = new Map<string, readonly Token[]>();
const translitCache = new Map<string, readonly Token[]>();

function toTokens(raw: string[], transliterate: boolean): View {
  const cache = transliterate ? translitCache : plainCache;
  const out: Token[] = [];
  for (const r of raw) {
    const known = cache.get(r);
    if (known) {
      for (const t of known) out.push(t);
      continue;
    }
    const start = out.length;
    readToken(r, transliterate, out);
    const read = out.slice(start);
    for (const t of read) Object.freeze(t);
    if (cache.size >= TOKEN_CACHE_SIZE) cache.clear();
    cache.set(r, read);
  }
  return joinNumbers(out);
}

/** Appends the tokens of one raw word (a number, a mark, a word, or the parts of a compound). */
function readToken(r: string, transliterate: boolean, out: Token[]): void {
  if (/^\d/.test(r)) {
    const n = num(Number(r.replace(',', '.')));
    if (/^0\d/.test(r)) n.zero = true;
    out.push(n);
    return;
  }
  if (!/\p{L}/u.test(r)) {
    out.push({ surface: r, stem: r, exact: r, fuzzy: '', kind: 'punct', latin: false });
    return;
  }
  let surface = r;
  const latin = !RU_LETTER.test(r);
  if (latin && transliterate) surface = translit(r);
  else if (latin) surface = r.replace(/'/g, '');
  if (RU_LETTER.test(surface)) {
    const sk = skeleton(surface);
    const cardinal = RU_CARDINAL.get(sk);
    if (cardinal !== undefined) {
      out.push(num(cardinal));
      return;
    }
    const parts = compoundAge(surface) ?? compoundGrade(surface);
    if (parts) {
      out.push(...parts);
      return;
    }
    const t = word(surface);
    const ord = RU_ORDINAL.get(t.stem);
    if (ord !== undefined) t.ord = ord;
    out.push(t);
    return;
  }
  const cardinal = EN_CARDINAL.get(surface);
  if (cardinal !== undefined) {
    out.push(num(cardinal));
    return;
  }
  const t = word(surface);
  const ord = EN_ORDINAL.get(surface);
  if (ord !== undefined) t.ord = ord;
  out.push(t);
}

const ORDINAL_SUFFIX = new Set([
  'st',
  'nd',
  'rd',
  'th',
  'й',
  'го',
  'ого',
  'ый',
  'ой',
  'ом',
  'ая',
  'ои',
  'ыи',
]);
/** Endings that make an ordinal only after a dash ("6-м классе", "5-х"): alone they are units or words. */
const DASH_ORDINAL_SUFFIX = new Set([...ORDINAL_SUFFIX, 'м', 'ми', 'х']);
/**
 * Whether `joinNumbers` could change anything at token i, the tokens before it unchanged: a number after
 * a number or a dash, or a word after a number or a dash (every rule below needs one of these).
 */
function mayJoinAt(tokens: Token[], i: number): boolean {
  const t = tokens[i] as Token;
  const prev = tokens[i - 1];
  return (
    (t.kind === 'num' || t.kind === 'word') &&
    prev !== undefined &&
    (prev.kind === 'num' || prev.surface === '-')
  );
}

/** "двадцать два" → 22; "5th", "5-го" → ordinal 5. A text with nothing to join keeps its array. */
function joinNumbers(tokens: Token[]): Token[] {
  let first = 0;
  while (first < tokens.length && !mayJoinAt(tokens, first)) first++;
  if (first === tokens.length) return tokens;
  const out: Token[] = tokens.slice(0, first);
  for (let i = first; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = out[out.length - 1];
    if (
      t.kind === 'num' &&
      prev?.kind === 'num' &&
      prev.num !== undefined &&
      t.num !== undefined &&
      prev.num >= 20 &&
      prev.num % 10 === 0 &&
      t.num < 10
    ) {
      out[out.length - 1] = num(prev.num + t.num);
      continue;
    }
    const beforeDash = out[out.length - 2];
    if (
      t.kind === 'num' &&
      t.num !== undefined &&
      t.num < 10 &&
      prev?.surface === '-' &&
      beforeDash?.num !== undefined &&
      beforeDash.num >= 20 &&
      beforeDash.num % 10 === 0
    ) {
      out.pop();
      out[out.length - 1] = num(beforeDash.num + t.num);
      continue;
    }
    if (
      t.kind === 'word' &&
      prev?.kind === 'num' &&
      prev.num !== undefined &&
      ORDINAL_SUFFIX.has(t.surface)
    ) {
      out[out.length - 1] = { ...prev, ord: prev.num };
      continue;
    }
    if (
      t.kind === 'word' &&
      out.length >= 2 &&
      prev?.surface === '-' &&
      out[out.length - 2]?.kind === 'num' &&
      DASH_ORDINAL_SUFFIX.has(t.surface)
    ) {
      out.pop();
      const n = out[out.length - 1]!;
      out[out.length - 1] = { ...n, ord: n.num };
      continue;
    }
    out.push(t);
  }
  return out;
}

export interface Analysis {
  /** The prepared text with its case (names are told by their capitals). */
  cased: string;
  /** The token streams the rules read: as written, and again with Latin read as transliterated Russian. */
  views: View[];
}

/**
 * Normalise a text into the views the rules run on. `shortcuts: false` reads it the long way, without
 * the scans that skip work a text does not need (the tests compare the two). `remember: false` (a text
 * read once: the windows of her streaming reply) neither uses nor fills the analyses kept.
 */
export function analyse(text: string, shortcuts = true, remember = true): Analysis {
  if (!shortcuts) return read(text, false);
  // The last texts read: the rules, the scene and the crisis detector read the same message.
  const known = analysed.get(text);
  if (known) {
    // Most recently used last, so the oldest is evicted first.
    analysed.delete(text);
    analysed.set(text, known);
    return known;
  }
  const result = read(text, true);
  if (!remember) return result;
  analysed.set(text, result);
  if (analysed.size > ANALYSED) analysed.delete(analysed.keys().next().value as string);
  return result;
}

/**
 * How many analyses `analyse` keeps: the messages of the chats sending now (a message is read ahead, then
 * by the rules, the scene and the crisis detector, a database trip or two apart), and their windows.
 * A kept analysis is its views' tokens (shared) and the text: a few KB for a long message.
 */
const ANALYSED = 256;
const analysed = new Map<string, Analysis>();

function read(text: string, shortcuts: boolean): Analysis {
  const cased = prepare(text, shortcuts);
  const folded = fold(cased, shortcuts);
  const variants = [folded];
  // Both the joined and the unjoined text are read; a run's one-letter end words are also kept apart.
  // Most texts have no letters spelled apart: then there is nothing to join.
  SPELLED_APART.lastIndex = 0;
  const spelledApart = (!shortcuts || maySpellApart(folded)) && SPELLED_APART.test(folded);
  SPELLED_APART.lastIndex = 0;
  for (const detach of spelledApart ? [false, true] : []) {
    const joined = fold(
      folded.replace(SPELLED_APART, (run) => joinSpelledApart(run, detach)),
      shortcuts,
    );
    if (!variants.includes(joined)) variants.push(joined);
  }
  // Texts the decoders and the glossary read out of it (base64, reversed, other languages): read too.
  // The glossary reads the letters other languages have of their own, before they are folded.
  const plain = PLAIN_TEXT.test(text);
  for (const extra of [...decodeVariants(cased, text), ...glossVariants(plain ? text : clean(text))]) {
    const folded = fold(prepare(extra, shortcuts), shortcuts);
    if (!variants.includes(folded)) variants.push(folded);
  }
  const views: View[] = [];
  for (const variant of variants) {
    const raw = variant.match(TOKEN) ?? [];
    views.push(toTokens(raw, false));
    // Every letter is in a token: a variant with a Latin letter has a Latin word to transliterate.
    if (LATIN_LETTER.test(variant)) views.push(toTokens(raw, true));
  }
  return { cased, views };
}

/** Lowercase, ё → е, runs of whitespace collapsed (kept for callers that compare texts). */
export function normalize(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}
