/**
 * The word lists of data/lexicon.json and data/public-figures.json, compiled once at start-up into stem
 * sequences, and the matcher that finds them in a view. An entry matches every inflection of its words
 * (their Snowball stems are compared); '=word' matches that exact form; long Russian stems also match
 * with their vowels misspelt ("рибёнок" for "ребёнок") in the minor categories.
 */
import lexiconData from './data/lexicon.json' with { type: 'json' };
import namesData from './data/names.json' with { type: 'json' };
import figures from './data/public-figures.json' with { type: 'json' };
import { analyse, skeleton, stemOf, type Token, type View } from './normalize.ts';

interface Element {
  stem?: string;
  exact?: string;
  fuzzy?: string;
  /** Roots the word may start with: a first name in any of its forms ("лер" for Лера, Лерочка, Валерия). */
  roots?: readonly string[];
}
type Entry = Element[];

type Listed = { matcher: Matcher; entry: Entry; tag?: number | undefined; order: number }[];
/**
 * The entries under one first element. Most phrases begin with a common word («я», "you", «мне») and are
 * told apart by the next: the longer ones are kept by their second element (its stem, `=` and its exact
 * form), so a common word tries only the phrases its neighbour can continue.
 */
interface Node {
  /** Every entry, in the order compiled (to drop a repeated one). */
  all: Listed;
  /** Entries of one element, and those whose second element is matched by more than one key (fuzzy). */
  single: Listed;
  /** The longer entries by their second element's stem, and by its exact form. */
  nextStem: Map<string, Listed>;
  nextExact: Map<string, Listed>;
}
/**
 * Every entry of every matcher by its first element — its stem, exact form or vowel-blind key, one map
 * each (a token's own strings are the keys: nothing is built per token): one pass over a view finds them all.
 */
const BY_STEM = new Map<string, Node>();
const BY_EXACT = new Map<string, Node>();
const BY_FUZZY = new Map<string, Node>();
/** Entries whose first element is a first name's roots, by the roots' first three letters. */
const BY_PREFIX = new Map<string, Node>();
/**
 * The second elements of the first names' entries (a surname: its stem, or its exact form): a word is
 * looked up by its first letters only when the next word is one of them (most words are followed by none).
 */
const PREFIX_SECOND_STEMS = new Set<string>();
const PREFIX_SECOND_EXACTS = new Set<string>();
/** Entries in the order compiled: a token's hits keep that order whichever buckets they come from. */
let compiled = 0;

/** Where a second element is kept: by its stem or its exact form; with `single` when more keys match it. */
function secondBucket(node: Node, el: Element | undefined): [Map<string, Listed>, string] | undefined {
  if (!el || el.roots !== undefined || el.fuzzy) return undefined;
  if (el.exact !== undefined) return [node.nextExact, el.exact];
  return el.stem === undefined ? undefined : [node.nextStem, el.stem];
}

/** A compiled word list; its entries live in the shared registry under their first element's key. */
export interface Matcher {
  size: number;
}

function elementMatches(el: Element, t: Token): boolean {
  if (el.roots !== undefined) return el.roots.some((r) => t.exact.startsWith(r));
  if (el.exact !== undefined) return t.exact === el.exact;
  if (el.stem !== undefined && t.stem === el.stem) return true;
  return el.fuzzy !== undefined && el.fuzzy !== '' && t.fuzzy === el.fuzzy;
}

/**
 * Compile a list of words and phrases into a matcher (each phrase read like a text, first view). With
 * `names`, the words of a name of two or more words match on their stems however short ("Анны Асти"):
 * the whole name must match, which is precise enough.
 */
export function compile(
  phrases: readonly string[],
  fuzzy = false,
  names = false,
  tags?: readonly number[],
): Matcher {
  const matcher: Matcher = { size: 0 };
  let tag: number | undefined;
  const add = (registry: Map<string, Node>, key: string, entry: Entry) => {
    let node = registry.get(key);
    if (node?.all.some((x) => x.matcher === matcher && sameEntry(x.entry, entry))) return;
    if (!node) {
      node = { all: [], single: [], nextStem: new Map(), nextExact: new Map() };
      registry.set(key, node);
    }
    const listed = { matcher, entry, tag, order: compiled++ };
    node.all.push(listed);
    const second = secondBucket(node, entry[1]);
    if (second === undefined) node.single.push(listed);
    else {
      const [map, k] = second;
      const bucket = map.get(k);
      if (bucket) bucket.push(listed);
      else map.set(k, [listed]);
    }
    matcher.size++;
  };
  for (const [index, phrase] of phrases.entries()) {
    tag = tags?.[index];
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
    if (!names) continue;
    // A name in every form (issue 27): "Лерочка Кудрявцева", "Маши Шараповой" — the first name by its
    // roots; a surname's nickname and adjective ("Бузиха", "бузовские") by its root.
    const roots = wholeName ? FIRST_NAME_ROOTS.get(skeleton(tokens[0]!.surface)) : undefined;
    if (roots) {
      const variant: Entry = [{ roots }, ...entry.slice(1)];
      for (const key of new Set(roots.map((r) => r.slice(0, 3)))) add(BY_PREFIX, key, variant);
      const second = variant[1];
      if (second?.exact !== undefined) PREFIX_SECOND_EXACTS.add(second.exact);
      else if (second?.stem !== undefined) PREFIX_SECOND_STEMS.add(second.stem);
    }
    if (!wholeName && tokens.length === 1)
      for (const derived of [...surnameForms(tokens[0]!), ...colloquialForms(tokens[0]!)])
        add(BY_STEM, derived, [{ stem: derived }]);
  }
  return matcher;
}

/** Every first name of names.json (its skeleton, lower case) with the roots of its forms, three letters or more. */
const FIRST_NAME_ROOTS = new Map<string, readonly string[]>();
for (const [name, roots] of Object.entries(namesData.names as Record<string, string[]>)) {
  const own = skeleton(name.toLowerCase());
  const all = [...new Set([own.slice(0, Math.max(3, own.length - 1)), ...roots.map(skeleton)])].filter(
    (r) => r.length >= 3,
  );
  FIRST_NAME_ROOTS.set(own, all);
}

/** The roots a first name is known by (empty for a name not in names.json). */
export function firstNameRoots(name: string): readonly string[] {
  return FIRST_NAME_ROOTS.get(skeleton(name.toLowerCase())) ?? [];
}

const SURNAME_ENDING = /(?:ова|ева|ёва|ина|ына|ов|ев|ёв|ин|ын)$/;
/** A Russian surname's nickname ("Бузова" → «бузиха») and possessive adjective («бузовск»), as stems. */
function surnameForms(t: Token): string[] {
  if (t.latin || t.kind !== 'word') return [];
  const surface = skeleton(t.surface);
  if (surface.length < 5 || !SURNAME_ENDING.test(surface)) return [];
  const root = surface.replace(SURNAME_ENDING, '');
  const base = surface.replace(/а$/, '');
  return [stemOf(`${root}иха`), stemOf(`${base}ская`), stemOf(`${base}ский`)];
}

/** A surname without a Russian ending still takes the colloquial feminine ("Кардашьян" → «Кардашьянша»). */
function colloquialForms(t: Token): string[] {
  if (t.latin || t.kind !== 'word') return [];
  const surface = skeleton(t.surface);
  if (surface.length < 5 || SURNAME_ENDING.test(surface)) return [];
  return [stemOf(`${surface}ша`), stemOf(`${surface}иха`)];
}

function sameEntry(a: Entry, b: Entry): boolean {
  return a.length === b.length && a.every((el, i) => el.stem === b[i]!.stem && el.exact === b[i]!.exact);
}

export interface Hit {
  /** Index of the first token of the match in the view. */
  start: number;
  /** Index after the last token. */
  end: number;
  /** The entry's tag, when its list has them (the public figure it names). */
  tag?: number;
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

/** The token after the i-th, hyphens skipped. */
function following(view: View, i: number): Token | undefined {
  let j = i + 1;
  while (view[j]?.surface === '-') j++;
  return view[j];
}

function tryAll(list: Listed, view: View, i: number, hits: Map<Matcher, Hit[]>): void {
  for (const { matcher, entry, tag } of list) {
    const end = matchesAt(entry, view, i);
    if (end < 0) continue;
    const hit: Hit = tag === undefined ? { start: i, end } : { start: i, end, tag };
    const forMatcher = hits.get(matcher);
    if (forMatcher) forMatcher.push(hit);
    else hits.set(matcher, [hit]);
  }
}

const byOrder = (a: Listed[number], b: Listed[number]) => a.order - b.order;

/** The entries under a first element that the next token can continue, in the compiled order. */
function tryNode(node: Node | undefined, view: View, i: number, hits: Map<Matcher, Hit[]>): void {
  if (!node) return;
  const next = node.nextStem.size > 0 || node.nextExact.size > 0 ? following(view, i) : undefined;
  const byStem = next && node.nextStem.get(next.stem);
  const byExact = next && node.nextExact.get(next.exact);
  if (!byStem && !byExact) {
    tryAll(node.single, view, i, hits);
    return;
  }
  const lists = [node.single, byStem, byExact].filter((l): l is Listed => l !== undefined && l.length > 0);
  tryAll(lists.length === 1 ? lists[0]! : lists.flat().sort(byOrder), view, i, hits);
}

function scan(view: View): Map<Matcher, Hit[]> {
  const hits = new Map<Matcher, Hit[]>();
  for (let i = 0; i < view.length; i++) {
    const t = view[i]!;
    if (t.kind === 'punct') continue;
    tryNode(BY_STEM.get(t.stem), view, i, hits);
    tryNode(BY_EXACT.get(t.exact), view, i, hits);
    if (t.fuzzy) tryNode(BY_FUZZY.get(t.fuzzy), view, i, hits);
    if (t.exact.length >= 3 && mayBeSurname(view, i))
      tryNode(BY_PREFIX.get(t.exact.slice(0, 3)), view, i, hits);
  }
  return hits;
}

/** Whether the word after the i-th could be the surname of a first name's entry. */
function mayBeSurname(view: View, i: number): boolean {
  const t = following(view, i);
  return t !== undefined && (PREFIX_SECOND_STEMS.has(t.stem) || PREFIX_SECOND_EXACTS.has(t.exact));
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

/** Public figures: every name and alias of data/public-figures.json, each hit tagged with its person. */
const FIGURE_NAMES = figures.people.flatMap((p, i) => [p.name, ...p.aliases].map((n) => [n, i] as const));
export const PUBLIC_FIGURES = compile(
  FIGURE_NAMES.map(([n]) => n),
  false,
  true,
  FIGURE_NAMES.map(([, i]) => i),
);

/**
 * What a public figure (a hit's tag) is called, as stems and first-name roots: the scene recognises her
 * later by any of them ("Ивлеева" set up, "Настюху хочу" pointing back).
 */
export function figureNameKeys(tag: number): string[] {
  const person = figures.people[tag];
  if (!person) return [];
  const keys = new Set<string>();
  for (const name of [person.name, ...person.aliases]) {
    const words = name.split(/\s+/);
    for (const word of words) {
      const lower = word.toLowerCase();
      if (!/^[а-яёa-z-]+$/.test(lower)) continue;
      keys.add(stemOf(lower));
      if (words.length > 1) for (const root of firstNameRoots(lower)) keys.add(root);
    }
  }
  return [...keys].filter((k) => k.length >= 3);
}
