/**
 * The crisis protocol's detector (issue 27, California SB 243): does the user's message express suicidal
 * ideation or self-harm — directly or not, a plan, a method, a goodbye — so that the reply must step out
 * of the role-play and give real help before anything else?
 *
 * Categories of meaning, not sentences. `data/crisis.json` holds word lists (read by the normaliser and
 * Snowball stems like the rules' lists: every inflection, confusables, transliteration, other languages'
 * gloss) and signals, each a short sequence of lists, with lists it needs in its sentence (`also`) or
 * message (`near`): «хочу» + «умереть», «не» + «хочу» + «жить», a question + a dose + an outcome that kills
 * («сколько инсулина, чтобы не проснуться»), a rope + «выдержит» + «человека», a means + «купил», «завтра» +
 * «с крыши». A strong signal (weight 2) is a crisis on its own; a weak one (weight 1: «прощайте», «я всё
 * решил», «таблетки купил», «сегодня» alone) needs another of a different group, in this message or in the
 * user's last turns (a means bought two turns ago, then «сегодня»); some weak ones add only to named
 * partners («мне так плохо» to «хочу, чтобы всё прекратилось», not to «всё надоело»).
 *
 * What keeps ordinary talk out: idioms are never listed («умираю со смеху», «убить время», «убей меня»)
 * and the die-words that are take a tail guard («умереть со смеху», "die laughing"); a signal is void when
 * it is negated («не собираюсь умирать»), said of someone else («она не хочет жить», «брат сказал, что
 * покончит с собой», "do you want to die?"), in fiction, a game or the news (a character, a level, a novel),
 * a joke (weak signals only), a past that is over («раньше резала себя», «в 16 лет резал себя, сейчас мне
 * 34»), or beside an ordinary use (pills «от головы», a rope «для качелей», a jump «с парашютом», a goodbye
 * before sleep, a decision about a job). Her own turns in the history are never read.
 *
 * Cheap: a scan of the raw text for the lists' roots rules out most messages before the normaliser runs;
 * the lists have a registry of their own (not the rules'), scanned once a view; the user's earlier turns
 * are read once and remembered.
 */
import data from './data/crisis.json' with { type: 'json' };
import type { Hit } from './lexicon.ts';
import { analyse, skeleton, type Token, translit, type View } from './normalize.ts';
import type { SafetyTurn } from './turns.ts';

export type CrisisKind = 'ideation' | 'self_harm' | 'plan' | 'method' | 'goodbye';

export interface CrisisVerdict {
  crisis: boolean;
  kind?: CrisisKind;
  /**
   * Not a crisis of the user's, but the user speaks of someone else's («подруга говорит, что не хочет
   * жить», "my brother wants to kill himself"): no takeover of the chat; the reply may offer the lines
   * for the one they worry about (docs/decisions/0034-crisis-protocol.md).
   */
  someoneElse?: boolean;
}

/** One signal of data/crisis.json. */
interface SignalSpec {
  id: string;
  kind: CrisisKind;
  /** 2: a crisis on its own; 1: with another signal of a different group. */
  weight: number;
  /** Signals of one group count once (the strongest): two ways of saying one thing are one signal. */
  group?: string;
  /** Lists, in order; "a|b" is either. */
  seq: string[];
  /** Words allowed between two elements (0: adjacent); `gaps` per pair. */
  gap?: number;
  gaps?: number[];
  /** The words between elements must all be of this list («всем будет лучше без меня»). */
  gapOf?: string;
  /** Nothing but filler words may follow in its clause («не хочу жить», not «не хочу жить в Москве»). */
  final?: boolean;
  /** A negation just before voids it (default true). */
  negatable?: boolean;
  /** Said of someone else voids it (default true). */
  person?: boolean;
  /** Its own words are someone else's («хочет»): it only ever tells `someoneElse`. */
  other?: boolean;
  /** Fiction, games and news in its sentence void it (default true). */
  fiction?: boolean;
  /** A joke in the message voids it (weak signals always). */
  joke?: boolean;
  /** A word of this list just before or just after voids it. */
  pre?: string;
  tail?: string;
  /** A word of these lists in its sentence (`guard`) or anywhere in the message (`guardMsg`) voids it. */
  guard?: string[];
  guardMsg?: string[];
  /** Counts only with a word of this list in the message (`near`), or in the user's recent turns too (`with`). */
  near?: string;
  with?: string;
  /** Counts only with a word of each of these lists in its sentence (any order): a question + a dose + an outcome. */
  also?: string[];
  /** Its first element must open the message («стоп. не могу…»). */
  start?: boolean;
  /** Its first element must open its clause, a first-person pronoun aside («…. не могу.»). */
  opens?: boolean;
  /**
   * A weak signal that only adds to a signal of these groups (in the message or the recent turns): «мне так
   * плохо» with «хочу, чтобы всё прекратилось», not with «всё надоело».
   */
  partners?: string[];
}

/**
 * The lists' own registry, apart from the rules' (`lexicon.ts`): read like theirs — an entry is a sequence
 * of elements, each a word's Snowball stem or, for '=form' and short Russian stems, its exact skeleton —
 * but scanned only by this detector, so that neither the rules' checks walk these entries on every message
 * nor this detector theirs. Entries by their first element's key; one pass over a view finds them all.
 */
interface Element {
  stem?: string;
  exact?: string;
}
type Listed = { list: number; entry: Element[] };
/**
 * Entries by their first element's key, then, for the longer ones, by their second's: most phrases begin
 * with a common word («не», "i", «я») and are told apart by the next.
 */
interface Node {
  /** Entries of one element. */
  single: Listed[];
  /** Longer entries by their second element, its stem or exact form (`=` before an exact key). */
  next: Map<string, Listed[]>;
}
const BY_STEM = new Map<string, Node>();
const BY_EXACT = new Map<string, Node>();
const keyOf = (el: Element) => (el.exact !== undefined ? `=${el.exact}` : el.stem!);

function compileList(list: number, phrases: readonly string[]): void {
  const seen = new Set<string>();
  for (const phrase of phrases) {
    const exact = phrase.startsWith('=');
    const tokens = (analyse(exact ? phrase.slice(1) : phrase).views[0] ?? []).filter(
      (t) => t.kind !== 'punct',
    );
    // Short Russian stems ("рак" of «ракета») would match unrelated words: their exact form.
    const entry: Element[] = tokens.map((t) =>
      exact || (!t.latin && t.kind === 'word' && t.stem.length <= 3 && t.surface.length > t.stem.length + 1)
        ? { exact: skeleton(t.surface) }
        : { stem: t.stem },
    );
    const first = entry[0];
    if (!first) continue;
    const key = entry.map(keyOf).join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    const registry = first.exact !== undefined ? BY_EXACT : BY_STEM;
    const k = first.exact ?? first.stem!;
    let node = registry.get(k);
    if (!node) {
      node = { single: [], next: new Map() };
      registry.set(k, node);
    }
    if (entry.length === 1) node.single.push({ list, entry });
    else {
      const second = keyOf(entry[1]!);
      const listed = node.next.get(second);
      if (listed) listed.push({ list, entry });
      else node.next.set(second, [{ list, entry }]);
    }
  }
}

function matchesAt(entry: readonly Element[], view: View, i: number): number {
  let j = i;
  for (const el of entry) {
    while (view[j]?.surface === '-') j++;
    const t = view[j];
    if (!t || (el.exact !== undefined ? t.exact !== el.exact : t.stem !== el.stem)) return -1;
    j++;
  }
  return j;
}

/** Every list's hits in a view, in order. */
function scanView(view: View): Hit[][] {
  const hits: Hit[][] = [];
  const tryAll = (listed: Listed[] | undefined, i: number) => {
    if (!listed) return;
    for (const { list, entry } of listed) {
      const end = matchesAt(entry, view, i);
      if (end < 0) continue;
      const forList = hits[list];
      if (forList) forList.push({ start: i, end });
      else hits[list] = [{ start: i, end }];
    }
  };
  const tryNode = (node: Node | undefined, i: number) => {
    if (!node) return;
    tryAll(node.single, i);
    if (node.next.size === 0) return;
    let j = i + 1;
    while (view[j]?.surface === '-') j++;
    const t = view[j];
    if (!t || t.kind === 'punct') return;
    tryAll(node.next.get(t.stem), i);
    tryAll(node.next.get(`=${t.exact}`), i);
  };
  for (let i = 0; i < view.length; i++) {
    const t = view[i]!;
    if (t.kind === 'punct') continue;
    tryNode(BY_STEM.get(t.stem), i);
    tryNode(BY_EXACT.get(t.exact), i);
  }
  return hits;
}

/** Every list, compiled; a name with "|" is the union of its lists. Hits are kept per reading by index. */
const LIST_INDEX = new Map<string, number>();
const UNIONS: number[][] = [];
for (const [name, phrases] of Object.entries(data.lists)) {
  LIST_INDEX.set(name, UNIONS.length);
  compileList(UNIONS.length, phrases as string[]);
  UNIONS.push([]);
}
/** The index of a list or of a union of lists ("drug|tool"). */
function listId(names: string, where: string): number {
  const known = LIST_INDEX.get(names);
  if (known !== undefined) return known;
  const parts = names.split('|').map((name) => {
    const id = LIST_INDEX.get(name);
    if (id === undefined) throw new Error(`data/crisis.json: ${where} names an unknown list "${name}"`);
    return id;
  });
  LIST_INDEX.set(names, UNIONS.length);
  UNIONS.push(parts);
  return UNIONS.length - 1;
}

/** A signal with its lists resolved. */
interface Signal extends SignalSpec {
  seqIds: number[];
  guardIds: number[];
  guardMsgIds: number[];
  preId: number;
  tailId: number;
  gapOfId: number;
  nearId: number;
  withId: number;
  withNames: string[];
  alsoIds: number[];
}
const optional = (names: string | undefined, where: string) => (names ? listId(names, where) : -1);
const SIGNALS: Signal[] = (data.signals as SignalSpec[]).map((spec) => ({
  ...spec,
  seqIds: spec.seq.map((n) => listId(n, spec.id)),
  guardIds: (spec.guard ?? []).map((n) => listId(n, spec.id)),
  guardMsgIds: (spec.guardMsg ?? []).map((n) => listId(n, spec.id)),
  preId: optional(spec.pre, spec.id),
  tailId: optional(spec.tail, spec.id),
  gapOfId: optional(spec.gapOf, spec.id),
  nearId: optional(spec.near, spec.id),
  withId: optional(spec.with, spec.id),
  withNames: spec.with?.split('|') ?? [],
  alsoIds: (spec.also ?? []).map((n) => listId(n, spec.id)),
}));
const L = (name: string) => listId(name, 'crisis.ts');
const NEG = L('neg');
const FIRST = L('first');
const OTHER = L('other');
const IFCOND = L('ifcond');
const FILLER = L('filler');
const COMPLEMENT = L('complement_after_comma');
const FICTION = L('fiction');
const BREAK = L('break');
const JOKE = L('joke');
const SINCERE = L('break|sincere');
/** Signals a joke beside them does not void: the words of suicide itself. */
const STANDS_JOKE = new Set(['suicide_verb', 'think_suicide', 'suicidal', 'burden', 'never_born']);
const WANT_NOW = L('want_now');
const ACUTE = L('acute_now');
const PAST_OVER = L('past_over');
const PAST_DISTANT = L('past_distant');
const RECOVERY = L('recovery');
const AGE_THEN = L('age_then');
const NOW_CONTRAST = L('now_contrast');
const UNWELL = L('distress|despair|unwell_now');
const TIME = L('time');
const RESOLVE = L('resolve');
const BARE = L('bare');
const INGEST = L('ingest');
const WORKS_Q = L('works_q');
const DRUG = L('drug');
const BENIGN = L('benign_use');
/** The lists a signal may look for in the user's earlier turns. */
const WITH_LISTS = [...new Set(SIGNALS.flatMap((s) => s.withNames))].map((name) => ({ name, id: L(name) }));

/** The user's turns before the message that are read with it (as the rules read three). */
export const CRISIS_HISTORY_WINDOW = 3;

const EMOJI = new Map(Object.entries(data.emoji));
const EMOJI_RE = new RegExp([...EMOJI.keys()].join('|'), 'gu');
/**
 * The roots by their first two characters (a number of their two codes), then, for the longer ones, by
 * the next two, tried where a word begins: one or two map lookups a word, then a few `startsWith`. '=word'
 * is a whole word ("=die", not "diet"). Emoji are one pattern of their own.
 */
type Root = { root: string; whole: boolean };
interface RootsByPair {
  /** Roots of two or three characters. */
  short: Root[];
  /** Longer roots by their third and fourth characters. */
  long: Map<number, Root[]>;
}
const pairKey = (s: string, i: number) => (s.charCodeAt(i) << 16) | s.charCodeAt(i + 1);
const ROOTS = new Map<number, RootsByPair>();
/** The Cyrillic roots as skeletons (ь/ъ dropped, й → и): what a transliteration reads ("ubit sebya" → «убит себя»). */
const SKELETON_ROOTS = new Map<number, RootsByPair>();
function addRoot(map: Map<number, RootsByPair>, root: string, whole: boolean): void {
  if (root.length < 2) return;
  let byPair = map.get(pairKey(root, 0));
  if (!byPair) {
    byPair = { short: [], long: new Map() };
    map.set(pairKey(root, 0), byPair);
  }
  if (root.length < 4) {
    byPair.short.push({ root, whole });
    return;
  }
  const next = pairKey(root, 2);
  const list = byPair.long.get(next);
  if (list) list.push({ root, whole });
  else byPair.long.set(next, [{ root, whole }]);
}
/** Accented Latin letters without their accents ("corté", "żyć", "tödlich"), as the roots are kept. */
const LATIN_ACCENTED = /[\u00c0-\u024f]/g;
const foldLatin = (s: string) =>
  s.replace(LATIN_ACCENTED, (c) => (c === 'ł' ? 'l' : c.normalize('NFD').replace(/\p{M}/gu, '')));
for (const entry of data.prefilter) {
  const whole = entry.startsWith('=');
  const root = foldLatin(whole ? entry.slice(1) : entry);
  addRoot(ROOTS, root, whole);
  if (/[а-я]/.test(root)) addRoot(SKELETON_ROOTS, skeleton(root), whole);
}
/** A letter or an apostrophe inside a word, lowercase (NaN, outside the text, is none). */
const isLetter = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 0x430 && c <= 0x45f) || c === 39 || (c > 0xff && c < 0x2000 && c !== 0x2014);
const EMOJI_ANY = new RegExp([...EMOJI.keys()].join('|'), 'u');
/** A short reply that may carry a plan set up in an earlier turn («сегодня», «да, прямо сейчас», "tonight"). */
const TIME_WORD =
  /(?<!\p{L})(?:сегодня|завтра|ночью|сейчас|tonight|today|tomorrow|now|сьогодні|зараз)(?!\p{L})/iu;
const shortReply = (text: string) => text.length <= 40 && TIME_WORD.test(text);
/** A message that stops the scene («стоп. не могу…», "wait. i'm on the roof"): its first word may join an earlier turn. */
const STOP_START = new RegExp(
  String.raw`^\s*(?:${data.lists.stop_start.map((w) => w.replace(/^=/, '')).join('|')})(?!\p{L})`,
  'iu',
);

/** Whether the raw text may hold a signal at all: one scan for the lists' roots, before the normaliser. */
export function mayBeCrisis(text: string): boolean {
  const lower = foldLatin(text.toLowerCase().replace(/ё/g, 'е'));
  if (hasRoot(lower) || EMOJI_ANY.test(text)) return true;
  // Transliterated Russian ("hochu usnut i ne prosnutsya") is read by the Cyrillic roots, when it looks like it.
  if (!TRANSLIT_HINT.test(lower)) return false;
  const latin = lower.match(LATIN_WORD);
  if (!latin) return false;
  return hasRoot(
    skeleton(latin.map((w) => translit(w.replace(LATIN_TSYA, "t'sya"))).join(' ')),
    SKELETON_ROOTS,
  );
}

const LATIN_WORD = /[a-z']+/g;
/** What transliterated Russian has and English rarely does: zh, kh, «-ться», a Russian function word. */
const TRANSLIT_HINT =
  /zh|kh|shch|[a-z]t'?[sc]y?a(?![a-z])|(?<![a-z])(?:ne|ya|mne|menya|hochu|hochetsya|chto|eto|vse|uzhe|bolshe|prosto|net|tebya|sebya|nado|zhit|umeret|ubit|nikto|nichego|pochemu|zachem|segodnya|zavtra|sil)(?![a-z])/;

function hasRoot(lower: string, map = ROOTS): boolean {
  for (let i = 0; i < lower.length - 1; i++) {
    if (i > 0 && isLetter(lower.charCodeAt(i - 1))) continue;
    const byPair = map.get(pairKey(lower, i));
    if (!byPair) continue;
    if (rootAt(lower, i, byPair.short)) return true;
    const long = i + 3 < lower.length ? byPair.long.get(pairKey(lower, i + 2)) : undefined;
    if (long && rootAt(lower, i, long)) return true;
  }
  return false;
}

function rootAt(lower: string, i: number, roots: readonly Root[]): boolean {
  for (const { root, whole } of roots) {
    if (!lower.startsWith(root, i)) continue;
    if (whole && (isLetter(lower.charCodeAt(i - 1)) || isLetter(lower.charCodeAt(i + root.length)))) continue;
    return true;
  }
  return false;
}

const SENTENCE_END = new Set(['.', '!', '?', ';', '\n']);
const CLAUSE_MARK = new Set([',', ':', '(', ')', '"']);
const CONTRAST = new Set([
  'но',
  'однако',
  'зато',
  'but',
  'however',
  'але',
  'проте',
  'aber',
  'pero',
  'ale',
  'lecz',
]);

/**
 * One view of the text without its commas (so that a listed phrase matches with or without them), with
 * where each clause and sentence begins.
 */
interface Reading {
  view: View;
  /** A comma, colon or dash stood before the token. */
  clauseStart: boolean[];
  /** A colon stood before the token («я решила: сегодня»). */
  colon: boolean[];
  /** The sentence of each token. */
  sentence: number[];
  /** Hits by list index, read when first asked for. */
  hits: (Hit[] | undefined)[];
  /** The lists' hits, from one scan of the view. */
  scanned?: Hit[][];
  /** Person markers by token: 1 the speaker, 2 someone else. */
  person: Uint8Array;
}

function readView(view: View): Reading {
  const tokens: Token[] = [];
  const clauseStart: boolean[] = [];
  const sentence: number[] = [];
  const colon: boolean[] = [];
  let n = 0;
  let comma = false;
  let afterColon = false;
  for (const t of view) {
    if (t.kind === 'punct' && CLAUSE_MARK.has(t.surface)) {
      comma = true;
      if (t.surface === ':') afterColon = true;
      continue;
    }
    colon.push(afterColon);
    afterColon = false;
    tokens.push(t);
    // A contrast opens a clause of its own, with or without its comma («пыталась вчера но не вышло»).
    clauseStart.push(comma || (t.kind === 'word' && CONTRAST.has(t.exact)));
    sentence.push(n);
    comma = false;
    if (t.kind === 'punct' && SENTENCE_END.has(t.surface)) n++;
  }
  const reading: Reading = {
    view: tokens,
    clauseStart,
    colon,
    sentence,
    hits: [],
    person: new Uint8Array(0),
  };
  const person = new Uint8Array(tokens.length);
  for (const h of hitsOf(reading, OTHER)) person[h.start] = 2;
  for (const h of hitsOf(reading, FIRST)) person[h.start] = 1;
  reading.person = person;
  return reading;
}

const NO_HITS: Hit[] = [];

function hitsOf(r: Reading, id: number): Hit[] {
  let hits = r.hits[id];
  if (!hits) {
    const parts = UNIONS[id]!;
    if (parts.length) hits = parts.flatMap((part) => hitsOf(r, part)).sort((a, b) => a.start - b.start);
    else {
      r.scanned ??= scanView(r.view);
      hits = r.scanned[id] ?? NO_HITS;
    }
    r.hits[id] = hits;
  }
  return hits;
}

/** Whether a list (or any list of a union) has a hit, without building the union's hits. */
function has(r: Reading, id: number): boolean {
  const known = r.hits[id];
  if (known) return known.length > 0;
  const parts = UNIONS[id]!;
  if (parts.length) return parts.some((part) => has(r, part));
  return hitsOf(r, id).length > 0;
}
const isEnd = (t: Token | undefined) =>
  t === undefined || (t.kind === 'punct' && SENTENCE_END.has(t.surface));
const isDash = (t: Token | undefined) => t?.surface === '-';

/** Where the hits of a list that start at `i` end (the longest), or -1. */
function hitEndAt(r: Reading, id: number, i: number): number {
  let end = -1;
  for (const h of hitsOf(r, id)) {
    if (h.start > i) break;
    if (h.start === i && h.end > end) end = h.end;
  }
  return end;
}

/** The elements of a signal found in order from one first hit: the end of the match, or -1. */
function matchFrom(r: Reading, spec: Signal, first: Hit): { end: number; lastStart: number } | null {
  let end = first.end;
  let lastStart = first.start;
  for (let k = 1; k < spec.seqIds.length; k++) {
    const gap = spec.gaps?.[k - 1] ?? spec.gap ?? 0;
    // The nearest hit; of those that start there, the longest («love her», not «love»).
    let next: Hit | undefined;
    for (const h of hitsOf(r, spec.seqIds[k]!)) {
      if (next && h.start > next.start) break;
      if (
        h.start >= end &&
        h.start <= end + gap + dashesBetween(r, end, h.start) &&
        r.sentence[h.start] === r.sentence[first.start] &&
        gapAllowed(r, spec, end, h.start) &&
        (!next || h.end > next.end)
      )
        next = h;
    }
    if (!next) return null;
    lastStart = next.start;
    end = next.end;
  }
  return { end, lastStart };
}

function dashesBetween(r: Reading, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (isDash(r.view[i])) n++;
  return n;
}

function gapAllowed(r: Reading, spec: Signal, from: number, to: number): boolean {
  if (spec.gapOfId < 0) return true;
  let i = from;
  while (i < to) {
    if (isDash(r.view[i])) {
      i++;
      continue;
    }
    const end = hitEndAt(r, spec.gapOfId, i);
    if (end < 0) return false;
    i = end;
  }
  return true;
}

/** Only filler words follow in the clause (a comparison after a comma is not a new clause: «так, как»). */
function endsClause(r: Reading, end: number): boolean {
  let i = end;
  for (;;) {
    if (isEnd(r.view[i])) return true;
    if (r.clauseStart[i]) return hitEndAt(r, COMPLEMENT, i) < 0;
    if (isDash(r.view[i])) {
      i++;
      continue;
    }
    const filler = hitEndAt(r, FILLER, i);
    if (filler < 0) return false;
    i = filler;
  }
}

/** A negation in the three words before `start`, within its clause. */
function negatedAt(r: Reading, start: number): boolean {
  for (let i = start - 1; i >= 0 && i >= start - 3; i--) {
    if (r.clauseStart[i + 1] || isEnd(r.view[i])) return false;
    if (hitEndAt(r, NEG, i) >= 0) return true;
  }
  return false;
}

/** Nothing but a first-person pronoun before `start` in its clause. */
function opensClause(r: Reading, start: number): boolean {
  let i = start;
  if (i > 0 && r.person[i - 1] === 1 && !r.clauseStart[i] && !isEnd(r.view[i - 1])) i--;
  return i === 0 || r.clauseStart[i] || isEnd(r.view[i - 1]);
}

/**
 * Who the clause is about, read back from `from`: the nearest person marker (1 the speaker, 2 someone
 * else), or 3 for a condition said of no one («если есть мысли причинить себе вред — позвони»).
 */
function personBefore(r: Reading, from: number): number {
  for (let i = from - 1; i >= 0; i--) {
    if (isEnd(r.view[i])) return 0;
    if (r.clauseStart[i + 1]) {
      // Reported speech is said of the one who says it: «брат сказал, что покончит с собой».
      if (!COMPLEMENTIZER.has(r.view[i + 1]!.exact)) return 0;
      if (r.person[i]) return r.person[i]!;
      continue;
    }
    if (r.person[i]) return r.person[i]!;
    if (hitEndAt(r, IFCOND, i) >= 0) return 3;
  }
  return 0;
}
const COMPLEMENTIZER = new Set(['что', 'that', 'що', 'dass', 'que', 'ze', 'будто', 'якобы', 'мол']);

function inSentence(r: Reading, id: number, sentence: number): boolean {
  const parts = UNIONS[id]!;
  if (parts.length && !r.hits[id]) return parts.some((part) => inSentence(r, part, sentence));
  return hitsOf(r, id).some((h) => r.sentence[h.start] === sentence);
}

/** Fiction, a game or the news in the sentence, not denied («это не игра»). */
function fictionIn(r: Reading, sentence: number): boolean {
  return hitsOf(r, FICTION).some(
    (h) =>
      r.sentence[h.start] === sentence &&
      !negatedAt(r, h.start) &&
      // «стоп ролевая», "stop the roleplay": the scene stopped, not a story told.
      !hitsOf(r, BREAK).some((b) => b.start <= h.start && b.end > h.start),
  );
}

/**
 * A past that is over: a sentence that says "used to" («раньше», «когда-то»), or a distant past («лет
 * пять назад», "as a teen") with recovery said in the message («терапия помогла», "clean for 10 years") —
 * unless the message says it is back («опять», «до сих пор», «вчера»). A desire said in the present
 * («хочу умереть») is never a past.
 */
function pastOver(r: Reading, sentence: number, start: number, end: number): boolean {
  if (hitsOf(r, WANT_NOW).some((h) => h.start >= start && h.start < end)) return false;
  if (has(r, ACUTE)) return false;
  if (inSentence(r, PAST_OVER, sentence)) return true;
  if (!inSentence(r, PAST_DISTANT, sentence) && !ageThen(r, sentence)) return false;
  return has(r, RECOVERY) || presentWell(r, end);
}

/** An age at a past event: «в 16 лет», "at 15", «когда мне было 14», "when i was 13". */
function ageThen(r: Reading, sentence: number): boolean {
  return hitsOf(r, AGE_THEN).some((h) => {
    if (r.sentence[h.start] !== sentence) return false;
    const t = r.view[h.end];
    return t?.kind === 'num' && t.num !== undefined && t.num >= 5 && t.num < 60;
  });
}

/**
 * The present told after the past, and well: a clause that opens with «сейчас», «теперь», "now" after the
 * signal («…резал себя, сейчас мне 34, шрамы бледные»; «…пытался покончить с собой. сейчас у меня жена,
 * работа») in a message that says nothing of distress or desire now (`ACUTE` is read before).
 */
function presentWell(r: Reading, end: number): boolean {
  if (has(r, WANT_NOW) || has(r, UNWELL)) return false;
  return hitsOf(r, NOW_CONTRAST).some((h) => h.start >= end && opensClause(r, h.start));
}

/** A word that may stand beside a time in a bare reply («да, сегодня», «всё, завтра»). */
function bareWordEnd(r: Reading, i: number): number {
  return Math.max(
    hitEndAt(r, TIME, i),
    hitEndAt(r, FILLER, i),
    hitEndAt(r, RESOLVE, i),
    hitEndAt(r, BARE, i),
  );
}

/**
 * A bare time, a sentence of its own or after a colon («сегодня.», «да, сегодня ночью», «я решила: сегодня»): the
 * answer that carries a plan set up before it («я решила. сегодня.», or an earlier turn). A time inside a
 * longer sentence is no signal.
 */
function bareTime(r: Reading): boolean {
  return hitsOf(r, TIME).some((t) => {
    // Its sentence, or what follows a colon in it («я решила: сегодня»).
    const sentence = r.sentence[t.start];
    let from = t.start;
    while (from > 0 && !r.colon[from] && r.sentence[from - 1] === sentence) from--;
    for (let i = from; i < r.view.length && r.sentence[i] === sentence; ) {
      if (r.view[i]!.kind === 'punct') {
        i++;
        continue;
      }
      const end = bareWordEnd(r, i);
      if (end < 0) return false;
      i = end;
    }
    return true;
  });
}

/** Ten or more of a drug taken («выпила 20 таблеток», "took like 30 pills"): a number the lists cannot hold. */
function manyPills(r: Reading): boolean {
  if (!has(r, INGEST) && !has(r, WORKS_Q)) return false;
  return hitsOf(r, DRUG).some((d) => {
    const sentence = r.sentence[d.start]!;
    for (let i = d.start - 1; i >= 0 && i >= d.start - 3; i--) {
      const t = r.view[i]!;
      if (t.kind === 'num' && t.num !== undefined && t.num >= 10 && t.num < 1000) {
        // Taken, or asked whether it would do it ("will 20 ambien do it").
        const taken = inSentence(r, INGEST, sentence);
        if ((!taken && !inSentence(r, WORKS_Q, sentence)) || inSentence(r, BENIGN, sentence)) return false;
        if (!taken) return true;
        // Said in a story or of someone else («в фильме герой выпил 30 таблеток»), or a past that is over.
        if (fictionIn(r, sentence) || pastOver(r, sentence, d.start, d.end)) return false;
        const ingest = hitsOf(r, INGEST).find((h) => r.sentence[h.start] === sentence)!;
        return personBefore(r, Math.min(ingest.start, i)) !== 2 && personBefore(r, ingest.start) !== 2;
      }
    }
    return false;
  });
}

interface Found {
  id: string;
  kind: CrisisKind;
  weight: number;
  group: string;
  partners?: string[] | undefined;
}

/** The weight of signals, one a group; a signal with partners counts only beside one of them. */
function scoreOf(found: Iterable<Found>): number {
  const all = [...found];
  const groups = new Set(all.map((f) => f.group));
  let score = 0;
  for (const f of all) if (!f.partners || f.partners.some((g) => groups.has(g))) score += f.weight;
  return score;
}

interface ViewResult {
  found: Map<string, Found>;
  score: number;
  someoneElse: boolean;
}

/** Whether the user's recent turns hold a word of a list (read only when a signal asks). */
type PastLists = (list: string) => boolean;

/** The signals of one view. */
function signalsOf(r: Reading, pastHas: PastLists): ViewResult {
  const found = new Map<string, Found>();
  let someoneElse = false;
  // A joke voids what may be hyperbole («хочу умереть 😂»), unless the message says it means it; the
  // words of suicide and self-harm themselves stand.
  const joke = has(r, JOKE) && !has(r, SINCERE);
  const add = (f: Found) => {
    const known = found.get(f.group);
    if (!known || known.weight < f.weight) found.set(f.group, f);
  };
  for (const spec of SIGNALS) {
    if (!has(r, spec.seqIds[0]!)) continue;
    const firsts = hitsOf(r, spec.seqIds[0]!);
    if (joke && (spec.joke || spec.weight < 2 || (spec.kind === 'ideation' && !STANDS_JOKE.has(spec.id))))
      continue;
    if (spec.nearId >= 0 && !has(r, spec.nearId)) continue;
    if (spec.withId >= 0 && !has(r, spec.withId) && !spec.withNames.some(pastHas)) continue;
    if (spec.guardMsgIds.some((g) => has(r, g))) continue;
    for (const first of firsts) {
      const m = matchFrom(r, spec, first);
      if (!m) continue;
      const sentence = r.sentence[first.start]!;
      if (spec.start && first.start > 0) continue;
      if (spec.opens && !opensClause(r, first.start)) continue;
      if (spec.final && !endsClause(r, m.end)) continue;
      if (spec.alsoIds.some((a) => !inSentence(r, a, sentence))) continue;
      if (spec.negatable !== false && negatedAt(r, first.start)) continue;
      if (
        spec.preId >= 0 &&
        hitsOf(r, spec.preId).some((h) => h.end === first.start || h.end === first.start - 1)
      )
        continue;
      if (spec.tailId >= 0 && hitsOf(r, spec.tailId).some((h) => h.start === m.end || h.start === m.end + 1))
        continue;
      if (spec.guardIds.some((g) => inSentence(r, g, sentence))) continue;
      if (spec.fiction !== false && fictionIn(r, sentence)) continue;
      if (pastOver(r, sentence, first.start, m.end)) continue;
      const person = spec.person === false ? 0 : personBefore(r, m.lastStart);
      if (person === 3) continue;
      if (spec.other || person === 2) {
        if (spec.weight >= 2) someoneElse = true;
        continue;
      }
      add({
        id: spec.id,
        kind: spec.kind,
        weight: spec.weight,
        group: spec.group ?? spec.id,
        partners: spec.partners,
      });
      break;
    }
  }
  if (bareTime(r)) add({ id: 'time_only', kind: 'plan', weight: 1, group: 'time_only' });
  if (manyPills(r)) add({ id: 'many_pills', kind: 'method', weight: 2, group: 'overdose' });
  return { found, score: scoreOf(found.values()), someoneElse };
}

interface TextResult extends ViewResult {
  /** The lists any view of the text holds (for the signals that look back across turns). */
  lists: Set<string>;
}

/**
 * Transliterated Russian's reflexive ending («проснуться» as "prosnutsya", "prosnutsa", "prosnutca"): the
 * transliteration reads "ts" as «ц»; written "t'sya" it reads «-ться».
 */
const LATIN_TSYA = /(?<=[a-z])t'?[sc](?:y|j|i)?a(?![a-z'])/giu;
/**
 * Words that make "for good" or "all of it" of the sentence before them, a sentence of their own («хочу,
 * чтобы всё закончилось. насовсем.», "i want it to be over. all of it. forever"): read as part of it.
 */
const TAIL_WORDS = [...data.lists.forever, ...data.lists.forever_soft, ...data.lists.all_bare]
  .map((w) => w.replace(/^=/, ''))
  .sort((a, b) => b.length - a.length)
  .join('|');
const FOREVER_TAIL = new RegExp(
  String.raw`[.!…]+\s*((?:${TAIL_WORDS})(?:[\s,.!…]+(?:${TAIL_WORDS}))*\s*(?:[.!…]|$))`,
  'giu',
);

/** Emoji read as the words they show; dashes are clause marks. */
function prepareText(text: string): string {
  return text
    .replace(EMOJI_RE, (e) => ` ${EMOJI.get(e)} `)
    .replace(/[—–]/g, ',')
    .replace(LATIN_TSYA, "t'sya")
    .replace(FOREVER_TAIL, (_, tail: string) => `, ${tail.replace(/[.!…]+(?=.)/g, ',')}`);
}

function readText(text: string, pastHas: PastLists): TextResult {
  let best: ViewResult = { found: new Map(), score: 0, someoneElse: false };
  const lists = new Set<string>();
  for (const view of analyse(prepareText(text)).views) {
    const r = readView(view);
    for (const l of WITH_LISTS) if (has(r, l.id)) lists.add(l.name);
    const result = signalsOf(r, pastHas);
    // The best view; between equals, the one with more signals (a weak one may join an earlier turn's).
    if (result.score > best.score || (result.score === best.score && result.found.size > best.found.size))
      best = { ...result, someoneElse: best.someoneElse || result.someoneElse };
    else if (result.someoneElse) best.someoneElse = true;
  }
  return { ...best, lists };
}

const NO_PAST: PastLists = () => false;

/** The user's earlier turns, read once: a chat sends the same history with every message. */
const turnCache = new Map<string, TextResult>();
function readTurn(text: string): TextResult {
  let result = turnCache.get(text);
  if (!result) {
    result = readText(text, NO_PAST);
    if (turnCache.size >= 2_000) turnCache.clear();
    turnCache.set(text, result);
  }
  return result;
}

const PRIORITY: CrisisKind[] = ['plan', 'method', 'self_harm', 'goodbye', 'ideation'];

function kindOf(found: Iterable<Found>): CrisisKind {
  let best: Found | undefined;
  for (const f of found) {
    if (
      !best ||
      f.weight > best.weight ||
      (f.weight === best.weight && PRIORITY.indexOf(f.kind) < PRIORITY.indexOf(best.kind))
    )
      best = f;
  }
  return best?.kind ?? 'ideation';
}

interface Judgement {
  verdict: CrisisVerdict;
  /** The signals read: the message's, then the earlier turns' ("past:" before them) when they counted. */
  signals: string[];
}

function judge(text: string, history?: readonly SafetyTurn[]): Judgement {
  const turns = (history ?? []).filter((t) => t.role === 'user').slice(-CRISIS_HISTORY_WINDOW);
  if (!mayBeCrisis(text) && !(turns.length > 0 && (shortReply(text) || STOP_START.test(text))))
    return { verdict: { crisis: false }, signals: [] };
  // The earlier turns are read only when this one asks: most messages that pass the prefilter do not.
  let past: TextResult[] | undefined;
  const readPast = () => {
    past ??= turns.map((t) => readTurn(t.text));
    return past;
  };
  const now = readText(text, (list) => readPast().some((p) => p.lists.has(list)));
  const signals = [...now.found.values()].map((f) => f.id);
  if (now.score >= 2) return { verdict: { crisis: true, kind: kindOf(now.found.values()) }, signals };
  if (now.found.size > 0 && turns.length > 0) {
    // A plan told across turns: what an earlier turn set up (a means bought, a goodbye) and this one.
    const groups = new Map<string, Found>();
    for (const p of readPast()) for (const f of p.found.values()) groups.set(f.group, f);
    const pastScore = [...groups.values()].reduce((s, f) => s + f.weight, 0);
    const pastSignals = [...groups.values()].map((f) => `past:${f.id}`);
    for (const f of now.found.values()) groups.set(f.group, f);
    if (pastScore >= 1 && scoreOf(groups.values()) >= 2)
      return {
        verdict: { crisis: true, kind: kindOf(now.found.values()) },
        signals: [...signals, ...pastSignals],
      };
  }
  const verdict: CrisisVerdict = now.someoneElse ? { crisis: false, someoneElse: true } : { crisis: false };
  return { verdict, signals };
}

/** The user's message, with the chat's earlier turns (oldest first) when the caller has them. */
export function detectCrisis(text: string, history?: readonly SafetyTurn[]): CrisisVerdict {
  return judge(text, history).verdict;
}

/** Which signals `detectCrisis` read in the message (for the evaluation's report and for tuning). */
export function explainCrisis(text: string, history?: readonly SafetyTurn[]): string[] {
  return judge(text, history).signals;
}
