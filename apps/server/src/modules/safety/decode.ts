/**
 * Encodings the normaliser does not undo by itself (issue 27). Each decoder returns the text with the
 * encoded part replaced by what it means, for the rules to read beside the original: "тебе XIV" → "тебе 14",
 * "0x0E" → "14", «полтора десятка» → "15", base64 → its text, a reversed text → its reversal, "ceкc" →
 * "секс", «мало летка» → «малолетка». Obfuscation alone is never a reason to refuse: the rules judge what
 * the decoded text says, as they judge the original.
 *
 * Cheap on ordinary text: one scan finds the characters some decoder needs (digits, Latin letters in a
 * Cyrillic text, capital Roman letters, characters outside ASCII and Russian, long alphanumeric runs) and
 * one the marker words (number nouns and operators, a base's name); a decoder runs only when its
 * characters or words are there. Whether a text is reversed is told from its first few words.
 */
import snowball from 'snowball-stemmers';
import unhomoglyph from 'unhomoglyph';
import words from './data/decode.json' with { type: 'json' };
import lexicon from './data/lexicon.json' with { type: 'json' };
import numbers from './data/numbers.json' with { type: 'json' };

/**
 * The decoded readings of a prepared text (`analyse` passes the text after NFKC, confusables and leetspeak,
 * case kept). `raw`, the text as written, is read for byte encodings (base64, hex-encoded text, subscript
 * bases): the leetspeak pass turns their digits into letters. Without it the prepared text is read and
 * the leetspeak undone where the encoding tells how (a search over the letters that may have been digits).
 */
export function decodeVariants(text: string, raw?: string): string[] {
  const out: string[] = [];
  const add = (variant: string | null) => {
    if (variant && variant !== text && !out.includes(variant)) out.push(variant);
  };
  const cues = scan(text);
  add(readInPlace(text, cues));
  // A base written as a subscript ("1111₂", "0E₁₆") is digits after NFKC: the raw text still shows it.
  if (raw !== undefined && raw !== text && SUBSCRIPT.test(raw)) add(readSubscripts(raw));
  if (cues.encoded) {
    for (const decoded of decodeTexts(raw ?? null, text)) {
      add(decoded);
      add(readInPlace(decoded, scan(decoded, true)));
    }
  }
  for (const reversed of reversals(text, cues)) {
    add(reversed);
    add(readInPlace(reversed, scan(reversed, true)));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// What a text holds: the cheap scans

type Family = 'noun' | 'sum' | 'times' | 'prefix' | 'divide' | 'half';
const EVERY_FAMILY: readonly Family[] = ['noun', 'sum', 'times', 'prefix', 'divide', 'half'];

interface Cues {
  cyrillicText: boolean;
  /** Where the first letter of the other script (or one folded from it) is; -1 when none. */
  foreign: number;
  /** Where the runs with such letters start; null when there are too many to remember. */
  foreignAt: number[] | null;
  /** "0x", "0b", "0o" after a digit zero. */
  prefixed: boolean;
  /** "16" after a hex letter ("0E16": "0E₁₆" after NFKC). */
  hex16: boolean;
  /** "13 y/0", "13 y0". */
  unitZero: boolean;
  roman: boolean;
  /** Digits of other scripts, dingbat digits. */
  otherDigits: boolean;
  /** A run of ASCII letters and digits that may be base64 or the like, "%D1", "\\u0442", "&#", "rot13". */
  encoded: boolean;
  /** The kinds of number expression whose words or signs are there (see `EXPRESSIONS`). */
  expressions: Set<Family>;
  baseWord: boolean;
  /** A decoded text: a reversal needs only one common word read backwards. */
  decoded: boolean;
  /** A short text: read for split words. */
  split: boolean;
}

/** Texts up to this length are read for split words (the joining regex costs a few ns a character). */
const SPLIT_MAX = 600;
/** After this many cue characters a text is dense with them: every decoder reads it. */
const DENSE = 400;

/** A regex source matching exactly one of the words (lowercase): a trie, a branch per letter. */
function wordsTrie(list: readonly string[]): string {
  interface Node {
    next: Map<string, Node>;
    end: boolean;
  }
  const root: Node = { next: new Map(), end: false };
  for (const w of list) {
    let node = root;
    for (const ch of w) {
      let child = node.next.get(ch);
      if (!child) {
        child = { next: new Map(), end: false };
        node.next.set(ch, child);
      }
      node = child;
    }
    node.end = true;
  }
  const emit = (node: Node): string => {
    const branches = [...node.next].map(([ch, child]) => ch + emit(child));
    if (branches.length === 0) return '';
    const body = branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
    return node.end ? `(?:${body})?` : body;
  };
  return emit(root);
}

/**
 * A regex source matching any of the words as a word's start: a trie (a branch per letter, a word that
 * starts a longer one ends its branch), the first letter in either case.
 */
function trieSource(list: readonly string[]): string {
  interface Node {
    next: Map<string, Node>;
    end: boolean;
  }
  const root: Node = { next: new Map(), end: false };
  for (const w of list) {
    let node = root;
    for (const ch of w) {
      if (node.end) break;
      let child = node.next.get(ch);
      if (!child) {
        child = { next: new Map(), end: false };
        node.next.set(ch, child);
      }
      node = child;
    }
    node.end = true;
    node.next.clear();
  }
  const letter = (ch: string, first: boolean) =>
    ch === ' ' ? '\\s+' : first && ch.toUpperCase() !== ch ? `[${ch}${ch.toUpperCase()}]` : ch;
  const emit = (node: Node, first: boolean): string => {
    const branches = [...node.next].map(([ch, child]) => letter(ch, first) + emit(child, false));
    if (branches.length === 0) return '';
    return branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
  };
  return emit(root, true);
}

/** The marker words of the decoders, by what they wake: number nouns and operators (by family), a base's name, an encoding's. */
const MARKERS = words.markers as Record<string, Family | 'base' | 'encoded'>;
const MARKER_WORDS_RU = Object.keys(MARKERS).filter((w) => /[а-яё]/.test(w));
const MARKER_WORDS_EN = Object.keys(MARKERS).filter((w) => !/[а-яё]/.test(w));
/**
 * A marker starts a word: after a space, a line break, a bracket, a quote or a dash ("16-ричной"), or at
 * the text's start (a class of every non-letter costs half as much again: ~11 µs over 3,000 characters).
 */
const BEFORE_MARKER = '[ \\n(«"\'-]';
const MARKER_RU = trieSource(MARKER_WORDS_RU);
const MARKER_EN = trieSource(MARKER_WORDS_EN);
const MARKERS_RU = new RegExp(`${BEFORE_MARKER}${MARKER_RU}`, 'g');
const MARKERS_EN = new RegExp(`${BEFORE_MARKER}${MARKER_EN}`, 'g');

/**
 * Cue characters, and punctuation common in chat left out (« » — … nbsp №). In a Cyrillic text: digits,
 * Latin letters, signs, anything outside Russian. In a Latin text, where Latin letters are the text: digits,
 * signs, non-ASCII, and the capitals V and X, without which a Roman numeral is at most III (the pronoun
 * "I" would be a cue in every sentence).
 */
const CUE_CLASS_RU =
  '[0-9A-Za-z*+=%\\\\&\\u0080-\\u009f\\u00a1-\\u00aa\\u00ac-\\u00ba\\u00bc-\\u040f\\u0452-\\u200f\\u2028-\\u2115\\u2117-\\ud7ff\\ue000-\\uffff]';
const CUE_CLASS_EN = CUE_CLASS_RU.replace('A-Za-z', 'VX').replace('\\u0452', '\\u0410');
/** Runs of cue characters (a Latin text's Roman numerals one at a time). */
const CUES_RU = new RegExp(`${CUE_CLASS_RU}+`, 'g');
const CUES_EN = new RegExp(`${CUE_CLASS_EN}+`, 'g');
const MARKER_AT_START_RU = new RegExp(`^${MARKER_RU}`);
const MARKER_AT_START_EN = new RegExp(`^${MARKER_EN}`);

const CYRILLIC_CODE = (c: number) => (c >= 0x410 && c <= 0x44f) || c === 0x401 || c === 0x451;
/** Letters the confusables folding makes of Cyrillic ones in a Latin word ("к" → "ĸ"), Greek, IPA. */
const FOLDED_CODE = (c: number) =>
  (c >= 0x100 && c <= 0x2ff) || (c >= 0x370 && c <= 0x3ff) || (c >= 0x1d00 && c <= 0x1dbf);
const OTHER_DIGIT_CODE = (c: number) =>
  (c >= 0x2776 && c <= 0x2793) || (c >= 0x24eb && c <= 0x24ff) || ND.test(String.fromCharCode(c));
const ASCII_ALNUM = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * The cues of a text: one scan for its cue characters (in a Cyrillic text most characters are Russian
 * letters and spaces, so they are few) and one for marker words. `all` sets every cue (a decoded text,
 * read once).
 */
function scan(text: string, all = false): Cues {
  const cyrillicText = isCyrillicText(text);
  const cues: Cues = {
    cyrillicText,
    foreign: all ? 0 : -1,
    foreignAt: all ? null : [],
    prefixed: all,
    hex16: all,
    unitZero: all,
    roman: all,
    otherDigits: all,
    encoded: all,
    expressions: new Set(all ? EVERY_FAMILY : []),
    baseWord: all,
    decoded: all,
    split: text.length <= SPLIT_MAX,
  };
  if (all) return cues;
  readCues(text, cues, cyrillicText ? CUES_RU : CUES_EN);
  readMarkers(text, cues, cyrillicText ? MARKERS_RU : MARKERS_EN);
  const start = (cyrillicText ? MARKER_AT_START_RU : MARKER_AT_START_EN).exec(text);
  if (start) marker(start[0], cues);
  // The keycap ten, an emoji (emoji are no cue characters: chat is full of them).
  if (text.indexOf('\u{1f51f}') >= 0) cues.otherDigits = true;
  // Markers of the other script: "0x0E в hex", "decode this base64" in a Russian message.
  if (cues.foreign >= 0) readMarkers(text, cues, cyrillicText ? MARKERS_EN : MARKERS_RU);
  return cues;
}

function readMarkers(text: string, cues: Cues, re: RegExp): void {
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) marker(m[0].slice(1), cues);
  re.lastIndex = 0;
}

function marker(word: string, cues: Cues): void {
  const kind = MARKERS[word.toLowerCase().replace(/\s+/g, ' ')];
  if (kind === 'base') cues.baseWord = true;
  else if (kind === 'encoded') cues.encoded = true;
  else if (kind) cues.expressions.add(kind);
}

/** After a number: an age unit with a zero for its "o" ("13 y/0", "13 y0"). */
const UNIT_ZERO_AFTER = /\s?y\s?[/.]?\s?0/y;
const HEX_LETTER = (c: number) => (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
/** How many look-alike words are remembered where the scan found them (more: the words are looked for). */
const FOREIGN_WORDS = 64;

/** Reads the cue characters, in runs. */
function readCues(text: string, cues: Cues, re: RegExp): void {
  re.lastIndex = 0;
  let count = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    count += readRun(text, m.index, m.index + m[0].length, cues);
    // A text dense with cue characters (an encoded blob, a table of numbers): every decoder reads it.
    if (count > DENSE) {
      Object.assign(cues, { roman: true, otherDigits: true, encoded: true, foreignAt: null });
      Object.assign(cues, { prefixed: true, hex16: true, unitZero: true });
      if (cues.foreign < 0) cues.foreign = 0;
      break;
    }
  }
  re.lastIndex = 0;
}

/** Classifies one run of cue characters; returns how many of them a decoder reads. */
function readRun(text: string, from: number, to: number, cues: Cues): number {
  const cyrillicText = cues.cyrillicText;
  let count = 0;
  let foreignSeen = false;
  // ASCII letters and digits in a row (a Cyrillic text's Latin words): an encoding when long and mixed.
  let alnum = 0;
  let digits = 0;
  let upper = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    count++;
    if (c >= 48 && c <= 57) {
      const next = text[i + 1];
      if (c === 48 && next !== undefined && 'xXbBoOхХ'.includes(next)) cues.prefixed = true;
      if (c === 49 && next === '6' && HEX_LETTER(text.charCodeAt(i - 1))) cues.hex16 = true;
      if (!cues.unitZero && (next === ' ' || next === 'y')) {
        UNIT_ZERO_AFTER.lastIndex = i + 1;
        if (UNIT_ZERO_AFTER.test(text)) cues.unitZero = true;
      }
      // A digit between letters in a Latin text: base64 and the like.
      if (!cyrillicText && ASCII_ALNUM(text.charCodeAt(i - 1)) && ASCII_ALNUM(text.charCodeAt(i + 1)))
        cues.encoded = true;
    } else if (c === 42 || c === 0xd7 || c === 0x22c5) cues.expressions.add('times');
    else if (c === 0xf7) cues.expressions.add('divide');
    else if (c === 43) cues.expressions.add('sum');
    else if (c === 37 || c === 92 || c === 38) cues.encoded = true;
    else if (c === 61) {
      if (ASCII_ALNUM(text.charCodeAt(i - 1))) cues.encoded = true;
    } else if (c < 128) {
      if (cyrillicText) foreignSeen = true;
      // Roman numerals: capitals, or small ones in a Cyrillic text ("тебе xiv").
      if (c === 73 || c === 86 || c === 88 || (cyrillicText && (c === 105 || c === 118 || c === 120)))
        cues.roman = true;
    } else if (CYRILLIC_CODE(c) || FOLDED_CODE(c)) foreignSeen = true;
    else if (OTHER_DIGIT_CODE(c)) cues.otherDigits = true;
    else count--; // a sign no decoder reads
    if (cyrillicText && ASCII_ALNUM(c)) {
      alnum++;
      if (c <= 57) digits++;
      else if (c <= 90 && alnum > 1) upper++;
      if (alnum >= 12 && (digits > 0 || upper >= 2)) cues.encoded = true;
    } else alnum = digits = upper = 0;
  }
  if (foreignSeen) {
    if (cues.foreign < 0) cues.foreign = from;
    if (cues.foreignAt && cues.foreignAt.length < FOREIGN_WORDS) cues.foreignAt.push(from);
    else cues.foreignAt = null;
  }
  return count;
}

/** Whether most words of the text's start are Cyrillic (the first 64 characters decide). */
function isCyrillicText(text: string): boolean {
  let cyr = 0;
  let lat = 0;
  let inWord = false;
  const end = Math.min(text.length, 64);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    const l = c | 32;
    const latin = l >= 97 && l <= 122;
    const cyrillic = !latin && c >= 0x401 && c <= 0x451 && (c >= 0x410 || c === 0x401);
    // Words are counted by their first letter: a disguised word is one word however many letters it has.
    if ((latin || cyrillic) && !inWord) {
      if (latin) lat++;
      else cyr++;
    }
    inWord = latin || cyrillic;
  }
  return cyr >= lat;
}

/**
 * The text with every encoded part the cues point at replaced in place: look-alike words, other digits,
 * Roman numerals, numbers in other bases, number expressions, split words. Null when nothing changed.
 */
function readInPlace(text: string, cues: Cues): string | null {
  let out = text;
  if (cues.foreign >= 0) out = readLookalikes(out, cues.cyrillicText, cues.foreignAt ?? cues.foreign);
  if (cues.otherDigits) out = readDigits(out);
  if (cues.roman) out = readRoman(out, cues.cyrillicText);
  out = readBases(out, cues);
  if (cues.unitZero) out = out.replace(LEET_UNIT, '$1yo');
  if (cues.expressions.size > 0) out = readExpressions(out, cues.expressions);
  if (cues.split) out = joinSplitWords(out);
  return out === text ? null : out;
}

// ---------------------------------------------------------------------------------------------------
// Digits outside ASCII: other scripts' digits, dingbat and circled numbers NFKC leaves alone

/** Dingbat digits that NFKC keeps: [first code point, last, value of the first]. */
const DINGBATS: [number, number, number][] = [
  [0x2776, 0x277f, 1], // ❶–❿
  [0x2780, 0x2789, 1], // ➀–➉
  [0x278a, 0x2793, 1], // ➊–➓
  [0x24eb, 0x24f4, 11], // ⓫–⓴
  [0x24f5, 0x24fe, 1], // ⓵–⓾
  [0x24ff, 0x24ff, 0], // ⓿
  [0x1f51f, 0x1f51f, 10], // 🔟
];
const OTHER_DIGIT = /[\u2776-\u2793\u24eb-\u24ff\u{1f51f}]|(?![0-9])\p{Nd}/gu;
const ND = /\p{Nd}/u;

function digitValue(ch: string): string {
  const cp = ch.codePointAt(0)!;
  for (const [from, to, first] of DINGBATS) if (cp >= from && cp <= to) return String(first + cp - from);
  // A block of decimal digits starts at its zero: count back to it.
  let zero = cp;
  while (zero > 0 && cp - zero < 60 && ND.test(String.fromCodePoint(zero - 1))) zero--;
  return String((cp - zero) % 10);
}

function readDigits(text: string): string {
  return text.replace(OTHER_DIGIT, digitValue);
}

// ---------------------------------------------------------------------------------------------------
// Roman numerals

const ROMAN = /(?<![\p{L}\p{N}])[IVXХ]{1,7}(?![\p{L}\p{N}])/gu;
const ROMAN_LOWER = /(?<![\p{L}\p{N}])[ivx]{2,7}(?![\p{L}\p{N}])/gu;
const ROMAN_VALID = /^X{0,3}(?:IX|IV|VI{0,3}|I{0,3})$/;

function romanValue(numeral: string): number {
  const values: Record<string, number> = { I: 1, V: 5, X: 10 };
  let total = 0;
  for (let i = 0; i < numeral.length; i++) {
    const v = values[numeral[i]!]!;
    const next = values[numeral[i + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

const REGNAL_RU = new RegExp(
  `^(?:${words.regnal.ru.join('|')})(?:а|я|у|ю|ом|ем|ой|ей|е|и|ы|й|ий|ия|ию|ием|ии)?$`,
);
const REGNAL_EN = new Set(words.regnal.en);
const NUMBERED_BEFORE = new Set(words.numberedBefore);
const NUMBERED_AFTER = new Set(words.numberedAfter);

const WORD_BEFORE = /([\p{L}]+)[^\p{L}\p{N}]{0,3}$/u;
const WORD_AFTER = /^[^\p{L}\p{N}]{0,3}([\p{L}]+)(\.?)/u;

/**
 * Whether a Roman numeral is a monarch's, a century's, a chapter's, a flat's or a title's («Людовик XIV»,
 * «XIX век», «глава XII», «квартира XIV», "Henry VIII", «играю в GTA V»): those stay. Others read as
 * numbers ("тебе XIV", «VII класса», «Лолитка XIII»).
 */
function numbersAThing(text: string, start: number, end: number, cyrillicText: boolean): boolean {
  const before = WORD_BEFORE.exec(text.slice(Math.max(0, start - 24), start))?.[1];
  const after = WORD_AFTER.exec(text.slice(end, end + 24));
  if (before) {
    const b = before.toLowerCase().replace(/ё/g, 'е');
    if (NUMBERED_BEFORE.has(b) || REGNAL_EN.has(b)) return true;
    if (/^\p{Lu}/u.test(before) && REGNAL_RU.test(b)) return true;
    // After a capitalised Latin word in a Russian text: a title ("Final Fantasy VII", "GTA V").
    if (cyrillicText && /^[A-Z][A-Za-z]*$/.test(before)) return true;
  }
  if (after) {
    const a = after[1]!.toLowerCase();
    if (NUMBERED_AFTER.has(a) || (a === 'в' && after[2] === '.')) return true;
  }
  return false;
}

function readRoman(text: string, cyrillicText: boolean): string {
  const replace = (m: string, start: number, lower: boolean) => {
    const numeral = (lower ? m.toUpperCase() : m).replace(/Х/g, 'X');
    if (numeral === 'I' || !ROMAN_VALID.test(numeral) || m === 'Х') return m;
    // A lone "V" or "X" in a Latin text is a letter ("Malcolm X", "V for Vendetta").
    if (numeral.length === 1 && !cyrillicText) return m;
    if (numbersAThing(text, start, start + m.length, cyrillicText)) return m;
    return String(romanValue(numeral));
  };
  let out = text.replace(ROMAN, (m, start: number) => replace(m, start, false));
  // Lowercase numerals only in a Cyrillic text: in English "vi", "xi" are words and names.
  if (cyrillicText) out = out.replace(ROMAN_LOWER, (m, start: number) => replace(m, start, true));
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Numbers in other bases: "0x0E", "0b1111", "0o16", "0E₁₆", "1111 в двоичной", "E в hex"

/**
 * A prefixed number; the prepared text may have turned its digits into letters ("0x0E" → "0xoE") and a
 * Cyrillic х, о or е may stand in ("0х0Е"): those are read back.
 */
const PREFIXED =
  /(?<![\p{L}\p{N}])0([xXbBхХ]|[oO](?=[0-7]))([0-9A-Fa-fOoIilLоОаАвВсСеЕ]{1,8})(?![\p{L}\p{N}])/gu;
const HEX_BACK: Record<string, string> = {
  o: '0',
  O: '0',
  о: '0',
  О: '0',
  i: '1',
  I: '1',
  l: '1',
  L: '1',
  а: 'a',
  А: 'A',
  в: 'b',
  В: 'B',
  с: 'c',
  С: 'C',
  е: 'e',
  Е: 'E',
};
/** "0E16" after NFKC read "0E₁₆": a hex letter, then the base as a subscript (NFKC makes it digits). */
const HEX_SUBSCRIPT = /(?<![\p{L}\p{N}])([0-9A-Fa-f]*[A-Fa-f][0-9A-Fa-f]*)16(?![\p{L}\p{N}])/gu;

const SUBSCRIPT = /[0-9A-Fa-f][\u2080-\u2089]/;
const SUBSCRIPTED = /(?<![\p{L}\p{N}])([0-9A-Fa-f]{1,8})([\u2080-\u2089]{1,2})(?![\p{L}\p{N}])/gu;

function readSubscripts(raw: string): string {
  return raw.replace(SUBSCRIPTED, (m, digits: string, sub: string) => {
    const base = Number([...sub].map((c) => c.charCodeAt(0) - 0x2080).join(''));
    const value = base >= 2 && base <= 36 ? parseIn(digits, base) : null;
    return useful(value) ? String(value) : m;
  });
}

/** An age unit written with a zero for its "o" ("13 y/0", "13 y0"). */
const LEET_UNIT = /(\d\s*)y\s*[/.]?\s*0(?![\p{L}\p{N}])/giu;

/** A base named in words: «в двоичной», «16-ричной», "in hex", "base 3", «по основанию 8». */
const BASE_NAMES: [RegExp, number][] = [
  [/двоичн|бинарн|binary|\bbin\b|\b2-?ичн/i, 2],
  [/троичн|ternary|\b3-?ичн/i, 3],
  [/восьмеричн|octal|\b8-?ричн/i, 8],
  [/шестнадцатеричн|hexadecimal|hex|\b16-?ричн/i, 16],
];
const BASE_NUMBERED = /(?:base|основани\p{L}*)\s*(\d{1,2})|(\d{1,2})-?(?:ричн|ичн)/iu;

function parseIn(digits: string, base: number): number | null {
  let value = 0;
  for (const ch of digits.toLowerCase()) {
    const d = Number.parseInt(ch, 36);
    if (Number.isNaN(d) || d >= base) return null;
    value = value * base + d;
  }
  return value;
}

/** A decoded number is worth reading only as an age or a grade could be: a small positive integer. */
const useful = (n: number | null): n is number => n !== null && Number.isInteger(n) && n > 0 && n <= 120;

function readBases(text: string, cues: Cues): string {
  // The named base first: the prefixed numbers it would read again are still prefixed then.
  let out = cues.baseWord ? readNamedBase(text) : text;
  if (cues.prefixed) {
    out = out.replace(PREFIXED, (m, kind: string, digits: string) => {
      const base = /[xXхХ]/.test(kind) ? 16 : /[bB]/.test(kind) ? 2 : 8;
      const clean = [...digits].map((c) => HEX_BACK[c] ?? c).join('');
      const n = parseIn(clean, base);
      return useful(n) ? String(n) : m;
    });
  }
  if (cues.hex16) {
    out = out.replace(HEX_SUBSCRIPT, (m, digits: string) => {
      const n = parseIn(digits, 16);
      return useful(n) ? String(n) : m;
    });
  }
  return out;
}

/** Numbers near a base named in words, read in that base (the decimal reading stays in the original). */
function readNamedBase(text: string): string {
  let base = 0;
  let at = -1;
  for (const [re, b] of BASE_NAMES) {
    const m = re.exec(text);
    if (m) {
      base = b;
      at = m.index;
      break;
    }
  }
  const numbered = BASE_NUMBERED.exec(text);
  if (!base && numbered) {
    base = Number(numbered[1] ?? numbered[2]);
    at = numbered.index;
  }
  if (base < 2 || base > 36) return text;
  const markerEnd = numbered && numbered.index === at ? at + numbered[0].length : at;
  const token =
    base === 16
      ? /(?<![\p{L}\p{N}])[0-9A-Fa-f]{1,4}(?![\p{L}\p{N}])/gu
      : /(?<![\p{L}\p{N}])\d{1,8}(?![\p{L}\p{N}])/gu;
  return text.replace(token, (m, start: number) => {
    // Only near the base's name, and never the number that names the base.
    if (Math.abs(start - at) > 80 || (start >= at && start < markerEnd)) return m;
    if (base === 16 && !/\d/.test(m) && !/^[A-F]{1,2}$/.test(m)) return m;
    if (base === 2 && m.length < 2) return m;
    const n = parseIn(m, base);
    return useful(n) && n !== Number(m) ? String(n) : m;
  });
}

// ---------------------------------------------------------------------------------------------------
// Number expressions in words: «полтора десятка», «чёртова дюжина», «десять плюс четыре», «два раза по
// семь», «дважды семь», «половина от двадцати восьми», "twice seven", "a dozen", "half of 28"

const HAS_CAPITAL = /[A-ZА-ЯЁ]/;
/** Lowercase, ё → е; without a copy when there is nothing to change (lowercasing Cyrillic costs ~0.5 µs). */
function lowerE(s: string): string {
  const lower = HAS_CAPITAL.test(s) ? s.toLowerCase() : s;
  return lower.includes('ё') ? lower.replace(/ё/g, 'е') : lower;
}

const NUMBER_WORD = new Map<string, number>();
for (const [value, forms] of Object.entries(numbers.ru.cardinal)) {
  for (const form of forms) NUMBER_WORD.set(lowerE(form), Number(value));
}
for (const form of ['один', 'одна', 'одно', 'одного', 'одной', 'одному', 'одну', 'одним', 'одном'])
  NUMBER_WORD.set(form, 1);
for (const [form, value] of Object.entries(numbers.en.cardinal as Record<string, number>))
  NUMBER_WORD.set(form, value);
NUMBER_WORD.set('one', 1);

/** The number words as a trie (a flat alternation of them is slow to compile: ~20 ms a rule). */
const NUMBER_WORDS = wordsTrie([...NUMBER_WORD.keys()]);
/** A number: digits, or number words with the tens and units ("двадцать восемь", "twenty-eight"). */
const NUM = `(?:\\d{1,3}|(?:${NUMBER_WORDS})(?:[\\s-]+(?:${NUMBER_WORDS}))?)`;
/** An expression's bounds: no letter or digit beside it, nor a decimal point ("0.75 + 0.72" is no sum). */
const B = '(?<![\\p{L}\\p{N}]|\\d[.,])';
const E = '(?![\\p{L}\\p{N}]|[.,]\\d)';

function numValue(phrase: string): number | null {
  if (/^\d/.test(phrase)) return Number(phrase);
  const [first, second] = phrase.split(/[\s-]+/);
  const a = NUMBER_WORD.get(first!);
  if (a === undefined) return null;
  if (second === undefined) return a;
  const b = NUMBER_WORD.get(second);
  // "двадцать восемь" is 28; "семь два" is two numbers: the first is read.
  return b !== undefined && a >= 20 && a % 10 === 0 && b < 10 ? a + b : a;
}

interface Rule {
  re: RegExp;
  value: (...groups: string[]) => number | null;
  family: Family;
}
const rule = (family: Family, source: string, value: (...groups: string[]) => number | null): Rule => ({
  re: new RegExp(`${B}${source}${E}`, 'gu'),
  value,
  family,
});
const n = numValue;
const MULTIPLIER: Record<string, number> = {
  дважды: 2,
  трижды: 3,
  четырежды: 4,
  twice: 2,
  thrice: 3,
  double: 2,
  triple: 3,
};
const ABOUT = 'с\\s+(?:небольшим|лишним|хвостиком|копейками|гаком)';

/** Tried in order: a noun with a multiplier before the bare noun, an operator before its parts. */
const EXPRESSIONS: Rule[] = [
  rule('noun', 'чертов\\p{L}*\\s+дюжин\\p{L}*', () => 13),
  rule('noun', "(?:a\\s+)?baker'?s\\s+dozen", () => 13),
  rule('noun', '(?:полторы|полутора)\\s+дюжин\\p{L}*', () => 18),
  rule('noun', '(?:полтора|полутора)\\s+десят(?:ка|ков|ку|ком)', () => 15),
  rule('noun', 'пол[\\s-]?десятка', () => 5),
  rule('noun', 'пол[\\s-]?дюжины', () => 6),
  rule('noun', 'half\\s+a\\s+dozen', () => 6),
  rule('noun', '(?:(?:a|one)\\s+)?dozen\\s+and\\s+a\\s+half|one\\s+and\\s+a\\s+half\\s+dozens?', () => 18),
  rule('noun', `(${NUM})\\s+десят(?:ка|ков|ок)`, (a) => times(n(a!), 10)),
  rule('noun', `(${NUM})\\s+дюжин\\p{L}*`, (a) => times(n(a!), 12)),
  rule('noun', `(${NUM})\\s+dozens?`, (a) => times(n(a!), 12)),
  rule('noun', `десят(?:ок|ка|ку|ком)\\s+${ABOUT}`, () => 11),
  rule('noun', `дюжин(?:а|ы|у|ой)\\s+${ABOUT}`, () => 13),
  rule('noun', 'десят(?:ок|ка|ку|ком)', () => 10),
  rule('noun', 'дюжин(?:а|ы|у|ой|е)', () => 12),
  rule('noun', '(?:a\\s+)?dozen', () => 12),
  rule('prefix', `(дважды|трижды|четырежды|twice|thrice|double|triple)\\s+(${NUM})`, (k, a) =>
    times(n(a!), MULTIPLIER[k!] ?? null),
  ),
  rule('times', `(${NUM})\\s+раза?\\s+по\\s+(${NUM})`, (a, b) => times(n(a!), n(b!))),
  rule(
    'times',
    `(${NUM})\\s*(?:\\*|×|⋅|\\s[xх]\\s|(?:умножить|умноженн\\p{L}*|помножить|помноженн\\p{L}*)\\s+на|times|multiplied\\s+by)\\s*(${NUM})`,
    (a, b) => times(n(a!), n(b!)),
  ),
  rule('sum', `(${NUM})\\s*(?:плюс|прибавить|\\+|plus)\\s*(${NUM})`, (a, b) => plus(n(a!), n(b!))),
  rule('sum', `(${NUM})\\s*(?:минус|отнять|вычесть|minus)\\s*(${NUM})`, (a, b) => minus(n(a!), n(b!))),
  rule(
    'divide',
    `(${NUM})\\s*(?:(?:разделить|делить|поделить|деленн\\p{L}*|поделенн\\p{L}*)\\s+на|divided\\s+by|÷)\\s*(${NUM})`,
    (a, b) => divide(n(a!), n(b!)),
  ),
  rule('half', `(?:половин\\p{L}*|half)(?:\\s+(?:от|of))?\\s+(${NUM})`, (a) => divide(n(a!), 2)),
  rule('half', `(${NUM})\\s+пополам`, (a) => divide(n(a!), 2)),
];

function times(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a * b;
}
function plus(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a + b;
}
function minus(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a - b;
}
function divide(a: number | null, b: number | null): number | null {
  return a === null || !b || a % b !== 0 ? null : a / b;
}

const AGE_UNIT_AFTER = /^\s*(?:лет|год|годк|годик|годочк|years?|yrs?|yo|y\.o)/u;
const CLAUSE_END_AFTER = /^\s*(?:[,.!?;:)—]|$)/u;
const AGE_CUE_BEFORE =
  /(?:тебе|ей|ему|мне|возраст\p{L}*|age|aged|you'?re|she'?s|he'?s|i'?m|is|are|am)\s+(?:(?:уже|всего|только|ещё|еще|like|only|just|a)\s+)?$/u;

/**
 * Whether the number at [start, end) of a lowercased text is said as an age: an age unit after it, an
 * age cue before it ("тебе", "she's"), or nothing after it in its clause ("ей дюжина, …").
 */
function agesContext(text: string, start: number, end: number): boolean {
  const after = text.slice(end, end + 12);
  return (
    AGE_UNIT_AFTER.test(after) ||
    CLAUSE_END_AFTER.test(after) ||
    AGE_CUE_BEFORE.test(text.slice(Math.max(0, start - 24), start))
  );
}

/** Where a number expression may be: its noun, operator word or sign ("7*2", "7 x 2"). */
const EXPRESSION_KEYS = new RegExp(
  `${trieSource(Object.keys(MARKERS).filter((w) => (EVERY_FAMILY as readonly string[]).includes(MARKERS[w]!)))}|[*×⋅÷+]|\\d\\s?[xх]\\s?\\d`,
  'g',
);
/** How far around its key an expression is read. */
const WINDOW = 48;

/**
 * The text with each number expression of the families present replaced by its value. Only the text
 * around their keys is read (lowercased, ё → е): the rules' number words would be slow over a long text.
 */
function readExpressions(text: string, families: ReadonlySet<Family>): string {
  const windows: [number, number][] = [];
  EXPRESSION_KEYS.lastIndex = 0;
  for (let m = EXPRESSION_KEYS.exec(text); m; m = EXPRESSION_KEYS.exec(text)) {
    const from = Math.max(0, m.index - WINDOW);
    const to = Math.min(text.length, m.index + m[0].length + WINDOW);
    const last = windows[windows.length - 1];
    if (last && from <= last[1]) last[1] = to;
    else windows.push([from, to]);
  }
  EXPRESSION_KEYS.lastIndex = 0;
  let out = '';
  let done = 0;
  for (const [from, to] of windows) {
    const piece = lowerE(text.slice(from, to));
    let read = piece;
    for (const { re, value, family } of EXPRESSIONS) {
      if (!families.has(family)) continue;
      re.lastIndex = 0;
      read = read.replace(re, (m, ...args: unknown[]) => {
        const at = args.find((a) => typeof a === 'number') as number;
        const groups = args.slice(0, args.indexOf(at)) as string[];
        // A number noun counts things far more often than years («десяток яиц»): read it as an age's.
        if (family === 'noun' && !agesContext(read, at, at + m.length)) return m;
        const v = value(...groups);
        return useful(v) ? String(v) : m;
      });
    }
    if (read === piece) continue;
    out += text.slice(done, from) + read;
    done = to;
  }
  return done === 0 ? text : out + text.slice(done);
}

// ---------------------------------------------------------------------------------------------------
// Look-alike words: a Cyrillic word written (mostly) in Latin look-alikes inside a Cyrillic text
// ("ceкc", "LLIкoлa", "pe6eнok"), and an English word in Cyrillic look-alikes inside a Latin text

/** Latin and other look-alikes of Russian letters, longest first ("LLI" before "L"). */
const TO_CYRILLIC = words.lookalikes.sequences as [string, string][];
const TO_CYRILLIC_ONE = new Map<string, string>(Object.entries(words.lookalikes.letters));
// The confusables folding the prepared text applies to a Cyrillic letter in a Latin word ("к" → "ĸ").
for (const ch of 'абвгдежзийклмнопрстуфхцчшщъыьэюяАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ') {
  const folded = unhomoglyph(ch);
  if ([...folded].length === 1 && folded !== ch && !/[A-Za-z0-9]/.test(folded))
    TO_CYRILLIC_ONE.set(folded, ch);
}
const FOLDED = new Set([...TO_CYRILLIC_ONE.keys()].filter((c) => !/[A-Za-z0-9@]/.test(c)));

function toCyrillic(word: string): string | null {
  let out = '';
  let i = 0;
  outer: while (i < word.length) {
    for (const [from, to] of TO_CYRILLIC) {
      if (word.startsWith(from, i)) {
        out += to;
        i += from.length;
        continue outer;
      }
    }
    const ch = word[i]!;
    const mapped = TO_CYRILLIC_ONE.get(ch);
    if (mapped) out += mapped;
    else if (/[а-яёА-ЯЁ]/.test(ch)) out += ch;
    else return null;
    i++;
  }
  return out;
}

/** Cyrillic letters whose look-alike is a Latin letter ("с" → "c"); others have none. */
const TO_LATIN = new Map<string, string>();
for (const ch of 'аеорсухкмтнвіјѕһАЕОРСУХКМТНВ') {
  const folded = unhomoglyph(ch);
  if (/^[A-Za-z]$/.test(folded)) TO_LATIN.set(ch, folded);
}

function toLatin(word: string): string | null {
  let out = '';
  for (const ch of word) {
    if (/[A-Za-z]/.test(ch)) out += ch;
    else {
      const mapped = TO_LATIN.get(ch);
      if (!mapped) return null;
      out += mapped;
    }
  }
  return out;
}

/** A digit or sign between letters, or a run of letters standing for one («LLI» for «Ш», «JI» for «Л»). */
const DISGUISE = /\p{L}[0-9@|]+\p{L}|[}>]\|[{<]|LLI|III|JI|b[Il|]/u;

/** Letters of Ukrainian, Belarusian or Kazakh as the prepared text has them (і → i, ї → ï, є → ꞓ). */
const OTHER_CYRILLIC = /[а-яё]i|i[а-яё]|[ïꞓ]/;

/** Where a look-alike word may be: a Latin or folded letter (in a Cyrillic text), a Cyrillic one (in a Latin text). */
const SEED_IN_CYRILLIC = /[A-Za-z\u0100-\u02ff\u0370-\u03ff\u1d00-\u1dbf]/g;
const SEED_IN_LATIN = /[а-яёА-ЯЁ\u0100-\u02ff\u0370-\u03ff\u1d00-\u1dbf]/g;
const WORD_CHAR = /[\p{L}\p{M}0-9@|}{<>]/u;

/**
 * The text with each word around a seed character replaced by `read(word)`: the words at the given
 * positions (where the scan found such characters), or from a position on, those the seed regex finds.
 */
function replaceWordsAt(
  text: string,
  seed: RegExp,
  at: readonly number[] | number,
  read: (word: string) => string,
): string {
  let out = '';
  let done = 0;
  const visit = (index: number) => {
    if (index < done) return;
    let start = index;
    let end = index + 1;
    while (start > done && WORD_CHAR.test(text[start - 1]!)) start--;
    while (end < text.length && WORD_CHAR.test(text[end]!)) end++;
    out += text.slice(done, start) + read(text.slice(start, end));
    done = end;
  };
  if (typeof at !== 'number') for (const index of at) visit(index);
  else {
    seed.lastIndex = at;
    for (let m = seed.exec(text); m; m = seed.exec(text)) {
      visit(m.index);
      seed.lastIndex = done;
    }
    seed.lastIndex = 0;
  }
  return done === 0 ? text : out + text.slice(done);
}

/**
 * Each word written in look-alikes of the other script, read in the script it imitates. A word that
 * mixes the scripts (or has a folded look-alike, a digit between letters, "LLI" for «Ш») was disguised:
 * it is read in the one script all its letters have look-alikes in, the text's when both do. A word of
 * plain Latin look-alikes in a Cyrillic text ("cekc") is read as Cyrillic when its start is a listed
 * word's; one of plain Cyrillic look-alikes in a Latin text ("сос") is read as Latin.
 */
function readLookalikes(text: string, cyrillicText: boolean, at: readonly number[] | number = 0): string {
  // A Ukrainian, Belarusian or Kazakh text (asked once, when a word would be read): its words are no disguise.
  let otherLanguage: boolean | undefined;
  const read = (word: string, reading: string | null): string => {
    if (!reading || reading === word) return word;
    if (cyrillicText) otherLanguage ??= OTHER_CYRILLIC.test(text);
    return otherLanguage ? word : reading;
  };
  return replaceWordsAt(text, cyrillicText ? SEED_IN_CYRILLIC : SEED_IN_LATIN, at, (word) => {
    // A number with letters ("0xoE", "17yo", "3D"), a Roman numeral ("XIII"), a handle or a tag
    // ("@katya"): no disguised word.
    if (/^[0-9@#]/.test(word) || ROMAN_VALID.test(word)) return word;
    if (word.replace(/[^\p{L}]/gu, '').length < 2) return word;
    const latin = /[A-Za-z]/.test(word);
    const cyr = /[а-яёА-ЯЁ]/.test(word);
    const disguised = (latin && cyr) || DISGUISE.test(word) || [...word].some((c) => FOLDED.has(c));
    if (disguised) {
      const asCyrillic = toCyrillic(word);
      const asLatin = toLatin(word);
      return read(word, asCyrillic && (!asLatin || cyrillicText) ? asCyrillic : asLatin);
    }
    // A plain Latin word can start a listed word only with four letters or more ("ok", "lol" cannot).
    if (latin && cyrillicText && word.length >= 4) {
      const asCyrillic = toCyrillic(word);
      return read(word, asCyrillic && listedStart(asCyrillic) ? asCyrillic : null);
    }
    if (cyr && !cyrillicText) return read(word, toLatin(word));
    return word;
  });
}

// ---------------------------------------------------------------------------------------------------
// Split words: fragments of a listed minor word written apart («мало летка», «школь ница»)

const ru = snowball.newStemmer('russian');
const en = snowball.newStemmer('english');

/**
 * The lists whose words are joined when split: the minor ones (sexual words split at a preposition's
 * length, «за водой» → «заводой», would be read where none is). Their starts, and the sexual list's,
 * make a word of Latin look-alikes Cyrillic.
 */
const SPLIT_LISTS = ['minor_fetish', 'minor_person', 'minor_family', 'minor_body'] as const;
const START_LISTS = [...SPLIT_LISTS, 'sexual'] as const;

const stemOf = (word: string) => (/[а-я]/.test(word) ? ru.stem(word) : en.stem(word));
/** The stems of a list's one-word entries (ё → е) of `min` letters or more. */
function listStems(key: (typeof START_LISTS)[number], min: number): string[] {
  return lexicon[key]
    .map((entry) => lowerE(entry.replace(/^=/, '')))
    .filter((word) => !/[\s-]/.test(word))
    .map(stemOf)
    .filter((stem) => stem.length >= min);
}

interface Listed {
  /** The first four letters of every stem. */
  starts: Set<string>;
  /** The stems joined when split, and every start of them of two letters or more. */
  stems: Set<string>;
  prefixes: Set<string>;
  /** Finds a word that starts a joinable stem and is followed by a gap: a split word's first fragment. */
  fragment: RegExp;
}
let listed: Listed | undefined;

/** Built on first use: the lists are a few hundred words. */
function lists(): Listed {
  if (listed) return listed;
  // Stems of five letters or more are joined ("секс" split is «сек с»: an abbreviation and a preposition).
  const joinable = [...new Set(SPLIT_LISTS.flatMap((key) => listStems(key, 5)))];
  const starts = new Set(START_LISTS.flatMap((key) => listStems(key, 4)).map((s) => s.slice(0, 4)));
  const prefixes = new Set(
    joinable.flatMap((stem) => [...stem].map((_, i) => stem.slice(0, i + 1))).filter((p) => p.length >= 2),
  );
  // A word all of whose letters start a stem, then a gap and a letter: the regex is a trie of the starts.
  const fragment = new RegExp(
    `(?:^|[^а-яёa-z])(${wordsTrie([...prefixes].filter((p) => !SHORT_WORDS.has(p))).replace(/е/g, '[её]')})(?=${GAP}[а-яёa-z])`,
    'gi',
  );
  listed = { starts, stems: new Set(joinable), prefixes, fragment };
  return listed;
}

function listedStart(word: string): boolean {
  return word.length >= 4 && lists().starts.has(lowerE(word).slice(0, 4));
}

/** A gap inside a split word: a space, a hyphen, an underscore or a dot, once or twice. */
const GAP = '[\\s\\-_.]{1,2}';
/** One fragment of a split word and the gap after it. */
const FRAGMENT = /([а-яёa-z]+)([\s\-_.]{1,2}(?=[а-яёa-z]))?/giy;

/**
 * The split word that starts at `start`: the fragments read on while they are a stem's start, until they
 * make one. Null when they never do.
 */
function splitWordAt(text: string, start: number, l: Listed): { word: string; end: number } | null {
  const parts: string[] = [];
  let joined = '';
  FRAGMENT.lastIndex = start;
  for (let m = FRAGMENT.exec(text); m; m = FRAGMENT.exec(text)) {
    // A preposition or a particle is no fragment ("по тебе").
    if (m[1]!.length === 2 && SHORT_WORDS.has(lowerE(m[1]!))) return null;
    parts.push(m[1]!);
    const before = joined.length;
    joined += lowerE(m[1]!);
    // A stem that ends in this fragment: the split word, its last fragment whole (in the first
    // fragment, the word was never split).
    for (let n = Math.max(5, before + 1); n <= joined.length; n++) {
      if (!l.stems.has(joined.slice(0, n))) continue;
      return parts.length > 1 && mayJoin(parts)
        ? { word: parts.join(''), end: FRAGMENT.lastIndex - (m[2]?.length ?? 0) }
        : null;
    }
    if (!m[2] || !l.prefixes.has(joined)) return null;
  }
  return null;
}

/** Two-letter words that are never a fragment of a split word: «не оформил» is no «неоформ…». */
const SHORT_WORDS = new Set(words.split.shortWords);
/** Splits that are ordinary words side by side («мало летних дней»): [first fragment, second's start]. */
const KEEP_APART = words.split.keepApart as [string, string][];

/** Whether the fragments of a split may be one word. */
function mayJoin(parts: string[]): boolean {
  if (parts.length < 2) return false;
  for (const p of parts) {
    if (p.length < 2 || (p.length === 2 && SHORT_WORDS.has(lowerE(p)))) return false;
  }
  const first = lowerE(parts[0]!);
  const second = lowerE(parts[1]!);
  return !KEEP_APART.some(([a, b]) => first === a && second.startsWith(b));
}

/**
 * Splits that join into a listed word («мало летка», «школь ница», «ре бёнок», «ма ло лет ка», "pre
 * teen"): a fragment has two letters or more and is no preposition or particle, so such a word is never
 * joined to the next.
 */
function joinSplitWords(text: string): string {
  const l = lists();
  const { fragment } = l;
  fragment.lastIndex = 0;
  let out = '';
  let done = 0;
  for (let m = fragment.exec(text); m; m = fragment.exec(text)) {
    const start = m.index + m[0].length - m[1]!.length;
    const split = splitWordAt(text, start, l);
    if (!split) {
      fragment.lastIndex = start + m[1]!.length;
      continue;
    }
    out += text.slice(done, start) + split.word;
    done = split.end;
    fragment.lastIndex = done;
  }
  fragment.lastIndex = 0;
  return done === 0 ? text : out + text.slice(done);
}

// ---------------------------------------------------------------------------------------------------
// Base64, base32, hex-encoded text, percent-encoding, \u escapes, HTML entities, ROT13

const BASE64_RUN = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{8,}={0,2}(?![A-Za-z0-9+/=_-])/g;
const BASE32_RUN = /(?<![A-Za-z0-9=])[A-Z2-7]{16,}={0,6}(?![A-Za-z0-9=])/g;
const HEX_TEXT = /(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}[\s:]?){6,}(?![0-9A-Fa-f])/g;
/** Hex-encoded text after the leetspeak pass: some digits are o, i, s, t, e, a, b now. */
const HEX_TEXT_PREPARED = /(?<![0-9A-Za-z])(?:[0-9A-Fa-foist]{2}[\s:]?){6,}(?![0-9A-Za-z])/g;
const BINARY_TEXT = /(?<![01])[01]{8}(?:\s?[01]{8}){2,}(?![01])/g;
const PERCENT = /(?:%[0-9A-Fa-f]{2})+/g;
const ESCAPES = /\\u[0-9A-Fa-f]{4}|&#x[0-9A-Fa-f]+;|&#\d+;/g;
const ROT13 = /rot[\s-]?13/i;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Whether a text has a control character other than a tab or a line break. */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/** Text worth reading: letters, digits, spaces and punctuation, mostly letters, no control characters. */
function readable(s: string): boolean {
  if (hasControl(s) || s.includes('\ufffd')) return false;
  const letters = (s.match(/\p{L}/gu) ?? []).length;
  const plain = (s.match(/[\p{L}\p{N}\s.,!?:;'"()«»\-—]/gu) ?? []).length;
  return letters >= 3 && letters >= s.length * 0.5 && plain >= [...s].length * 0.9;
}

function utf8(bytes: Uint8Array): string | null {
  try {
    return UTF8.decode(bytes);
  } catch {
    return null;
  }
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));
B64_VALUE.set('-', 62);
B64_VALUE.set('_', 63);

function base64Bytes(run: string): Uint8Array | null {
  const body = run.replace(/=+$/, '');
  if (body.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let k = 0;
  for (const ch of body) {
    const v = B64_VALUE.get(ch);
    if (v === undefined) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[k++] = (acc >> bits) & 0xff;
    }
  }
  return bytes;
}

function base32Bytes(run: string): Uint8Array | null {
  const body = run.replace(/=+$/, '');
  const bytes = new Uint8Array(Math.floor((body.length * 5) / 8));
  let bits = 0;
  let acc = 0;
  let k = 0;
  for (const ch of body) {
    const v = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(ch);
    if (v < 0) return null;
    acc = ((acc << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes[k++] = (acc >> bits) & 0xff;
    }
  }
  return bytes;
}

/**
 * The text of a base64 run. In the prepared text its digits between letters may be letters now: the
 * repair reads it both ways and keeps the best reading.
 */
function decodeBase64(run: string, prepared: boolean): string | null {
  if (prepared) {
    const repaired = repairBase64(run);
    if (repaired) return repaired;
  }
  const bytes = base64Bytes(run);
  const direct = bytes && utf8(bytes);
  return direct && readable(direct) ? direct : null;
}

/**
 * The text of each encoded run, the run replaced by its text: from the raw text when the caller gives it,
 * otherwise from the prepared one (whose base64 may have lost digits to the leetspeak pass).
 */
function decodeTexts(raw: string | null, prepared: string): string[] {
  const source = raw ?? prepared;
  const out: string[] = [];
  const push = (s: string) => {
    if (s !== source && !out.includes(s)) out.push(s);
  };
  push(
    source.replace(BASE64_RUN, (run) => {
      if (!/[0-9]/.test(run) && !(/[A-Z]/.test(run) && /[a-z]/.test(run))) return run;
      return decodeBase64(run, raw === null) ?? run;
    }),
  );
  push(
    source.replace(BASE32_RUN, (run) => {
      const bytes = base32Bytes(run);
      const s = bytes && utf8(bytes);
      return s && readable(s) ? s : run;
    }),
  );
  push(
    source.replace(raw === null ? HEX_TEXT_PREPARED : HEX_TEXT, (run) => {
      const hex = run.replace(/[\s:]/g, '');
      if (hex.length % 2) return run;
      if (raw === null) {
        const repaired = repairHex(run);
        return repaired ? ` ${repaired} ` : run;
      }
      const bytes = new Uint8Array(hex.length / 2);
      for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
      const s = utf8(bytes);
      return s && readable(s) ? ` ${s} ` : run;
    }),
  );
  push(
    source.replace(BINARY_TEXT, (run) => {
      const groups = run.replace(/\s/g, '').match(/.{8}/g) ?? [];
      const s = utf8(Uint8Array.from(groups, (g) => Number.parseInt(g, 2)));
      return s && readable(s) ? ` ${s} ` : run;
    }),
  );
  push(
    source.replace(PERCENT, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    }),
  );
  push(
    source.replace(ESCAPES, (e) => {
      const code = e.startsWith('\\u')
        ? Number.parseInt(e.slice(2), 16)
        : e.startsWith('&#x')
          ? Number.parseInt(e.slice(3, -1), 16)
          : Number(e.slice(2, -1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : e;
    }),
  );
  if (ROT13.test(source)) {
    push(
      source.replace(/[A-Za-z]/g, (c) => {
        const a = c <= 'Z' ? 65 : 97;
        return String.fromCharCode(((c.charCodeAt(0) - a + 13) % 26) + a);
      }),
    );
  }
  return out;
}

/** Letters the leetspeak pass writes for a digit between letters, and the digit. */
const LEET_BACK: Record<string, string> = { o: '0', i: '1', e: '3', a: '4', s: '5', t: '7', b: '8' };
const BEAM = 32;

interface Decoding {
  chars: string;
  /** Bytes of an unfinished UTF-8 sequence. */
  pending: number[];
  score: number;
}

/**
 * Base64 whose digits the leetspeak pass has made letters (a run of digits between letters: "Cx0L" →
 * "CxoL"). Each letter that may have been a digit is tried both ways: a beam search over the groups of
 * four characters keeps the readings that are valid UTF-8 and read best as text (no capital inside a
 * word, no sign between letters, one script in a word).
 */
function repairBase64(run: string): string | null {
  const body = run.replace(/=+$/, '');
  if (body.length % 4 === 1 || body.length > 400) return null;
  const alnum = (c: string | undefined) => c !== undefined && /[A-Za-z0-9]/.test(c);
  const options: string[][] = [...body].map((c, i) => {
    const digit = LEET_BACK[c];
    return digit && alnum(body[i - 1]) && alnum(body[i + 1]) ? [c, digit] : [c];
  });
  return beamDecode(options, 4, base64Bytes);
}

/**
 * Hex-encoded text the leetspeak pass has changed: "o", "i", "s", "t" were 0, 1, 5, 7 (no hex digit is
 * such a letter); "e", "a", "b" between characters may have been 3, 4, 8.
 */
function repairHex(run: string): string | null {
  const body = run.replace(/[\s:]/g, '');
  if (body.length % 2 || body.length > 600) return null;
  const options: string[][] = [...body].map((c, i) => {
    const digit = LEET_BACK[c];
    if (!digit) return [c];
    if (!/[0-9a-fA-F]/.test(c)) return [digit];
    return i > 0 && i < body.length - 1 ? [c, digit] : [c];
  });
  return beamDecode(options, 2, (pair) =>
    /^[0-9a-f]{2}$/i.test(pair) ? Uint8Array.of(Number.parseInt(pair, 16)) : null,
  );
}

/**
 * The best text the groups of characters decode to, each character one of its options: a beam search
 * over the groups keeps the readings that are valid UTF-8 and read best as text (`charScore`).
 */
function beamDecode(
  options: string[][],
  size: number,
  bytesOf: (group: string) => Uint8Array | null,
): string | null {
  let beam: Decoding[] = [{ chars: '', pending: [], score: 0 }];
  for (let q = 0; q < options.length; q += size) {
    const next = new Map<string, Decoding>();
    for (const variant of combinations(options.slice(q, q + size))) {
      const bytes = bytesOf(variant);
      if (!bytes) continue;
      for (const state of beam) {
        const s = feed(state, bytes);
        const key = s && `${s.chars}|${s.pending.join(',')}`;
        if (s && key && (next.get(key)?.score ?? Number.NEGATIVE_INFINITY) < s.score) next.set(key, s);
      }
    }
    beam = [...next.values()].sort((x, y) => y.score - x.score).slice(0, BEAM);
    if (beam.length === 0) return null;
  }
  const best = beam.find((st) => st.pending.length === 0);
  return best && readable(best.chars) ? best.chars : null;
}

function* combinations(group: string[][]): Generator<string> {
  if (group.length === 0) {
    yield '';
    return;
  }
  const [first, ...rest] = group;
  for (const tail of combinations(rest)) for (const c of first!) yield c + tail;
}

/** A decoding fed with more bytes: null when they break UTF-8 or make a control character. */
function feed(state: Decoding, bytes: Uint8Array): Decoding | null {
  let { chars, score } = state;
  let pending = state.pending;
  for (const byte of bytes) {
    pending = [...pending, byte];
    const lead = pending[0]!;
    const need =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead < 0xe0
          ? 2
          : lead >= 0xe0 && lead < 0xf0
            ? 3
            : lead < 0xf5
              ? 4
              : 0;
    if (need === 0 || (pending.length > 1 && (byte & 0xc0) !== 0x80)) return null;
    if (pending.length < need) continue;
    const ch = utf8(Uint8Array.from(pending));
    pending = [];
    if (!ch || hasControl(ch)) return null;
    score += charScore(ch, chars.slice(-1), chars.slice(-2, -1));
    chars += ch;
  }
  return { chars, pending, score };
}

const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;
const LETTER = /\p{L}/u;

/** How well a character reads after the two before it. */
function charScore(ch: string, prev: string, before: string): number {
  let score = 0;
  if (/[а-яё]/i.test(ch)) score += /[a-z]/i.test(prev) ? 0 : 2;
  else if (/[a-z]/i.test(ch)) score += /[а-яё]/i.test(prev) ? 0 : 1.5;
  else if (/[\s.,!?]/.test(ch)) score += 1;
  else if (/\d/.test(ch)) score += LETTER.test(prev) ? 0 : 0.8;
  else score -= LETTER.test(ch) ? 1 : 0.5;
  // A capital after a small letter, or a sign between two letters, is rarely text.
  if (UPPER.test(ch) && LOWER.test(prev)) score -= 3;
  if (LETTER.test(ch) && !LETTER.test(prev) && prev !== '' && !/[\s\d]/.test(prev) && LETTER.test(before))
    score -= 3;
  return score;
}

// ---------------------------------------------------------------------------------------------------
// Reversed text: «ясйаведзар ,тел 41 ебет» read backwards

const COMMON_WORDS = [...words.common.ru, ...words.common.en];
const COMMON = new Set(COMMON_WORDS);
/** The common words written backwards: a word found here reads as a common word reversed. */
const COMMON_REVERSED = new Set(COMMON_WORDS.map((w) => [...w].reverse().join('')));
const WORD = /[а-яёА-ЯЁa-zA-Z]{2,}/g;
/** ь, ъ, ы, й (the word's first letter is lowered before). */
const noStart = (c: number) => c === 0x44c || c === 0x44a || c === 0x44b || c === 0x439;
/** How many words of a text (or of a part after a marker) are read to tell whether it is reversed. */
const REVERSAL_WORDS = 24;

const reverseString = (s: string) => [...s].reverse().join('');

interface Reading {
  forward: number;
  backward: number;
}

/** How many of the first words are common words as written, and how many when read backwards. */
function readDirections(text: string): Reading {
  const r: Reading = { forward: 0, backward: 0 };
  WORD.lastIndex = 0;
  let seen = 0;
  for (let m = WORD.exec(text); m && seen < REVERSAL_WORDS; m = WORD.exec(text)) {
    seen++;
    let w = m[0];
    // The lists are lowercase, and a word is at most capitalised (lowercasing Cyrillic costs ~1 µs a call).
    const c = w.charCodeAt(0);
    if ((c >= 0x410 && c <= 0x42f) || (c >= 65 && c <= 90)) w = String.fromCharCode(c + 32) + w.slice(1);
    if (w.includes('ё')) w = w.replace(/ё/g, 'е');
    // A Russian word may end in ь, ъ, ы or й but never starts with one: written backwards, it does.
    if (COMMON.has(w) || noStart(w.charCodeAt(w.length - 1))) r.forward++;
    if (COMMON_REVERSED.has(w) || noStart(w.charCodeAt(0))) r.backward++;
    // Ordinary text: a common word and none read backwards, two more forwards, or six words and none
    // backwards (a reversed text's first word is a common word backwards, or both ways: «но», «он»).
    if (r.backward === 0 ? r.forward > 0 || seen >= 6 : r.forward >= r.backward + 2) break;
  }
  WORD.lastIndex = 0;
  return r;
}

/** Words that say a text is to be read backwards. */
const REVERSE_MARKER =
  /справа\s+налево|наоборот|задом[\s-]+напер[её]д|в\s+обратном\s+порядке|зеркальн|backwards?|reversed?|in\s+reverse|right[\s-]to[\s-]left|mirror/i;
/** How many parts (the text, then what follows each colon or line break) are looked at. */
const PARTS = 4;

/**
 * Readings of a reversed text, or of a reversed part after a colon or a line break («прочитай справа
 * налево: …»): the part reversed whole ("тебе 14 лет") and word by word, order kept (for words reversed
 * one at a time). A part is read backwards when more of its first words are common words that way: two
 * or more, or one beside a marker word that says so («справа налево», «наоборот», "backwards").
 */
function reversals(text: string, cues: Cues): string[] {
  let marker: boolean | undefined = cues.decoded || undefined;
  const readBackwards = (from: number): string[] | null => {
    while (from < text.length && /\s/.test(text[from]!)) from++;
    const part = from === 0 ? text : text.slice(from);
    const r = readDirections(part);
    if (r.backward === 0 || r.backward <= r.forward) return null;
    if (r.backward < 2) {
      marker ??= REVERSE_MARKER.test(text);
      if (!marker) return null;
    }
    const head = text.slice(0, from);
    return [head + reverseString(part), head + part.replace(/[\p{L}\p{N}]+/gu, reverseString)];
  };
  const whole = readBackwards(0);
  if (whole) return whole;
  // The parts after the first colons and line breaks, in order.
  let parts = 1;
  for (let i = nextBreak(text, 0); i >= 0 && parts < PARTS; i = nextBreak(text, i + 1), parts++) {
    const found = readBackwards(i + 1);
    if (found) return found;
  }
  return [];
}

/** Where the next colon or line break from `from` is; -1 when none. */
function nextBreak(text: string, from: number): number {
  const colon = text.indexOf(':', from);
  const line = text.indexOf('\n', from);
  return colon < 0 ? line : line < 0 ? colon : Math.min(colon, line);
}
