/**
 * The word lists of data/lexicon.json and data/public-figures.json, compiled once at start-up into stem
 * sequences, and the matcher that finds them in a view. An entry matches every inflection of its words
 * (their Snowball stems are compared); '=word' matches that exact form; long Russian stems also match
 * with their vowels misspelt ("рибёнок" for "ребёнок") in the minor categories.
 */
import lexiconData from './data/lexicon.json' with { type: 'json' };
import figures from './data/public-figures.json' with { type: 'json' };
import { analyse, skeleton, type Token, type View } from './normalize.ts';

interface Element {
  stem?: string;
  exact?: string;
  fuzzy?: string;
}
type Entry = Element[];

type Listed = { matcher: Matcher; entry: Entry }[];
/**
 * Every entry of every matcher by its first element — its stem, exact form or vowel-blind key, one map
 * each (a token's own strings are the keys: nothing is built per token): one pass over a view finds them all.
 */
const BY_STEM = new Map<string, Listed>();
const BY_EXACT = new Map<string, Listed>();
const BY_FUZZY = new Map<string, Listed>();

/** A compiled word list; its entries live in the shared registry under their first element's key. */
export interface Matcher {
  size: number;
}

function elementMatches(el: Element, t: Token): boolean {
  if (el.exact !== undefined) return t.exact === el.exact;
  if (el.stem !== undefined && t.stem === el.stem) return true;
  return el.fuzzy !== undefined && el.fuzzy !== '' && t.fuzzy === el.fuzzy;
}

/**
 * Compile a list of words and phrases into a matcher (each phrase read like a text, first view). With
 * `names`, the words of a name of two or more words match on their stems however short ("Анны Асти"):
 * the whole name must match, which is precise enough.
 */
export function compile(phrases: readonly string[], fuzzy = false, names = false): Matcher {
  const matcher: Matcher = { size: 0 };
  const add = (registry: Map<string, Listed>, key: string, entry: Entry) => {
    const list = registry.get(key);
    if (list?.some((x) => x.matcher === matcher && sameEntry(x.entry, entry))) return;
    if (list) list.push({ matcher, entry });
    else registry.set(key, [{ matcher, entry }]);
    matcher.size++;
  };
  for (const phrase of phrases) {
    const exact = phrase.startsWith('=');
    const text = exact ? phrase.slice(1) : phrase;
    const tokens = (analyse(text).views[0] ?? []).filter((t) => t.kind !== 'punct');
    const wholeName = names && tokens.length >= 2;
    const entry: Entry = tokens.map((t) => {
      // Short Russian stems ("интим" → "инт", "голая" → "гол") would match unrelated words: exact form.
      if (
        exact ||
        (!wholeName &&
          !t.latin &&
          t.kind === 'word' &&
          t.stem.length <= 3 &&
          t.surface.length > t.stem.length + 1)
      )
        return { exact: skeleton(t.surface) };
      if (fuzzy && t.fuzzy) return { stem: t.stem, fuzzy: t.fuzzy };
      return { stem: t.stem };
    });
    const first = entry[0];
    if (!first) continue;
    if (first.exact !== undefined) add(BY_EXACT, first.exact, entry);
    else {
      add(BY_STEM, first.stem!, entry);
      if (first.fuzzy) add(BY_FUZZY, first.fuzzy, entry);
    }
  }
  return matcher;
}

function sameEntry(a: Entry, b: Entry): boolean {
  return a.length === b.length && a.every((el, i) => el.stem === b[i]!.stem && el.exact === b[i]!.exact);
}

export interface Hit {
  /** Index of the first token of the match in the view. */
  start: number;
  /** Index after the last token. */
  end: number;
}

const found = new WeakMap<View, Map<Matcher, Hit[]>>();
const NONE: Hit[] = [];

/** Every match of the matcher's entries in a view (hyphens between words are skipped). */
export function find(matcher: Matcher, view: View): Hit[] {
  let all = found.get(view);
  if (!all) {
    all = scan(view);
    found.set(view, all);
  }
  return all.get(matcher) ?? NONE;
}

function matchesAt(entry: Entry, view: View, i: number): number {
  let j = i;
  for (const el of entry) {
    while (view[j]?.surface === '-') j++;
    const tok = view[j];
    if (!tok || !elementMatches(el, tok)) return -1;
    j++;
  }
  return j;
}

function scan(view: View): Map<Matcher, Hit[]> {
  const hits = new Map<Matcher, Hit[]>();
  const tryAll = (list: Listed | undefined, i: number) => {
    if (!list) return;
    for (const { matcher, entry } of list) {
      const end = matchesAt(entry, view, i);
      if (end < 0) continue;
      const forMatcher = hits.get(matcher);
      if (forMatcher) forMatcher.push({ start: i, end });
      else hits.set(matcher, [{ start: i, end }]);
    }
  };
  for (let i = 0; i < view.length; i++) {
    const t = view[i]!;
    if (t.kind === 'punct') continue;
    tryAll(BY_STEM.get(t.stem), i);
    tryAll(BY_EXACT.get(t.exact), i);
    if (t.fuzzy) tryAll(BY_FUZZY.get(t.fuzzy), i);
  }
  return hits;
}

export function has(matcher: Matcher, view: View): boolean {
  return find(matcher, view).length > 0;
}

type LexiconKey = Exclude<keyof typeof lexiconData, 'about'>;
const FUZZY: ReadonlySet<LexiconKey> = new Set([
  'minor_fetish',
  'minor_person',
  'minor_family',
  'minor_body',
]);

/** Every list of data/lexicon.json, compiled. */
export const LEX = Object.fromEntries(
  (Object.keys(lexiconData) as (keyof typeof lexiconData)[])
    .filter((k): k is LexiconKey => k !== 'about')
    .map((k) => [k, compile(lexiconData[k], FUZZY.has(k))]),
) as Record<LexiconKey, Matcher>;

/** Public figures: every name and alias of data/public-figures.json. */
export const PUBLIC_FIGURES = compile(
  figures.people.flatMap((p) => [p.name, ...p.aliases]),
  false,
  true,
);
