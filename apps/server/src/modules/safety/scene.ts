/**
 * What a chat has established (issue 27): who is in the scene. A minor (an age, a grade, a child's word)
 * or a real person is often set up harmlessly in one turn — "у соседки дочка, ей 11", "слушаю Бузову" —
 * and pointed back to several turns later by «она», «её», a name, "к нам", "та самая", "стань снова
 * такой". The scene keeps those people, persisted with the chat, so that a later request is judged
 * against them. It is cleared only explicitly: a new scene ("новая сцена", "start over") drops the
 * characters of the fiction; people of the user's real life (his niece, a celebrity) stay.
 *
 * `sceneAfter` adds a turn's people; `sceneVerdict` judges a message against them. Both read the same
 * views as the rules (`analyse`), but only when there is something to read: a chat with an empty scene
 * costs nothing more.
 */
import { figureNameKeys, find, firstNameRoots, type Hit, LEX, PUBLIC_FIGURES } from './lexicon.ts';
import { analyse, skeleton, stemOf, translit, type View } from './normalize.ts';
import type { SafetyReason } from './safety.ts';
import { type MinorHit, type Signals, type Speaker, sentenceAt, signals } from './signals.ts';

/** Someone the scene holds: a minor, or a real identifiable person. */
export interface SceneEntity {
  kind: 'minor' | 'real_person';
  /**
   * `her`: she herself, made a minor (a role, an age); `her_past`: she as a child in a memory or a past
   * life; `other`: another character or a person of the user's life.
   */
  who: 'her' | 'her_past' | 'other';
  /** The names it is called by, as stems (both scripts: "sasha" is read as «саша» too). */
  names: string[];
  /** The ages and school grades stated of it ("16" said again later points back to it). */
  ages: number[];
  /** Set up in a turn the check refused or cut: it points back only by name, age, pronoun or "again". */
  refused: boolean;
  /** Inside a role-play or a story: a new scene drops it. */
  fictional: boolean;
  /** The user turn it was set up at (the scene's own count). */
  turn: number;
}

export interface SceneState {
  v: 1;
  /**
   * User turns counted: only while a person set up is recent (`RECENT_TURNS`), since only how recent
   * they are is read. A chat that set up nobody (most) keeps its scene unchanged, and is never written.
   */
  turn: number;
  entities: SceneEntity[];
}

export const EMPTY_SCENE: SceneState = Object.freeze({ v: 1, turn: 0, entities: [] }) as SceneState;

/** How many people a scene keeps (the newest). */
const MAX_ENTITIES = 12;
/** How many user turns a refused attempt to make her a minor frames what follows ("тебе 15" → "продолжай"). */
const REFUSED_HER_TURNS = 2;
/** The longest any rule looks back at a person set up ("её" two turns after "моей дочке 10"). */
const RECENT_TURNS = 2;

/** A scene read back from the database: anything malformed is an empty scene, never an error. */
export function parseScene(value: unknown): SceneState {
  if (!value || typeof value !== 'object') return EMPTY_SCENE;
  const v = value as Partial<SceneState>;
  if (v.v !== 1 || !Array.isArray(v.entities) || typeof v.turn !== 'number') return EMPTY_SCENE;
  const entities = v.entities.filter(
    (e): e is SceneEntity =>
      Boolean(e) &&
      (e.kind === 'minor' || e.kind === 'real_person') &&
      (e.who === 'her' || e.who === 'her_past' || e.who === 'other') &&
      Array.isArray(e.names) &&
      Array.isArray(e.ages),
  );
  return { v: 1, turn: v.turn, entities: entities.slice(-MAX_ENTITIES) };
}

const CLAUSE_END = new Set(['.', '!', '?', ';', '\n']);
/** A capitalised word in the text as written: a name ("Ника", "Sasha"), unless it opens its sentence alone. */
const CAPITALISED = /(?<![\p{L}\p{N}])[A-ZА-ЯЁІЇЄҐ][a-zа-яёіїєґ'’]{1,20}(?![\p{L}])/gu;
/** Capitalised words that are not names. */
const NOT_NAMES = new Set([
  'я',
  'ты',
  'он',
  'она',
  'мы',
  'вы',
  'они',
  'мне',
  'тебе',
  'i',
  'you',
  'he',
  'she',
  'we',
  'they',
  'мой',
  'моя',
  'my',
  'а',
  'и',
  'но',
  'ну',
  'да',
  'нет',
  'вот',
  'так',
  'ок',
  'ok',
  'okay',
  'yes',
  'no',
  'yep',
  'so',
  'and',
  'but',
  'the',
  'давай',
  'кстати',
  'слушай',
  'представь',
  'помнишь',
  'now',
  'lets',
  'let',
  'make',
  'pretend',
  'сделай',
  'пришли',
  'покажи',
  'опиши',
  'хочу',
  'как',
  'что',
  'кто',
  'это',
  'эта',
  'этот',
  'та',
  'тот',
]);

/** The capitalised words of each sentence of a text as written, lower case (sentences split as the views split them). */
function capitalisedBySentence(text: string): string[][] {
  return text
    .split(/[.!?;\n]/)
    .map((sentence) =>
      [...sentence.matchAll(CAPITALISED)]
        .map((m) => skeleton(m[0].toLowerCase().replace(/['’]/g, '')))
        .filter((word) => !NOT_NAMES.has(word)),
    );
}

/** The name keys of each sentence: the stems of its capitalised words, and their first-name roots. */
function namesBySentence(text: string): string[][] {
  return capitalisedBySentence(text).map((words) => words.flatMap(nameKeys));
}

/** A name's keys: its stem, and the stem of its Cyrillic reading when it is written in Latin letters. */
function nameKeys(word: string): string[] {
  const keys = [stemOf(word), ...firstNameRoots(word)];
  if (/^[a-z]+$/.test(word)) {
    const cyrillic = translit(word);
    keys.push(stemOf(cyrillic), ...firstNameRoots(cyrillic));
  }
  return [...new Set(keys)].filter((k) => k.length >= 2);
}

/** A word of the message names a scene's person: its stem is one of theirs, or — capitalised — starts with one. */
function names(e: SceneEntity, stem: string, capitalised: readonly string[]): boolean {
  if (e.names.includes(stem)) return true;
  return capitalised.some((w) => e.names.some((n) => n.length >= 3 && w.startsWith(n)));
}

function sentencesOf(view: View): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  for (let i = 0; i <= view.length; i++) {
    if (i === view.length || CLAUSE_END.has(view[i]!.surface)) {
      out.push([start, i]);
      start = i + 1;
    }
  }
  return out;
}

const within = (hits: Hit[], [s, e]: [number, number]) => hits.some((h) => h.start >= s && h.start < e);

/** A minor hit worth keeping: not a simile, not a bare number outside a role, not an animal's age. */
function keeps(hit: MinorHit, s: Signals): boolean {
  if (hit.simile) return false;
  if (hit.bare && !s.role && !s.sexual) return false;
  return true;
}

/** Who a minor hit of a turn is: her now, her in the past, or someone else. */
function whoOf(hit: MinorHit, s: Signals, role: Speaker): SceneEntity['who'] {
  if (hit.her) return hit.past ? 'her_past' : 'her';
  if (hit.other) return 'other';
  // Unattributed: a role-play the user sets up is about her; her own unattributed words about the past
  // are her memories ("Семь! У меня были банты"); the rest is someone else.
  // A role-play's flashback ("pretend it was in 6th grade") is her past as she plays it now.
  if (role === 'user') return s.role ? (hit.past ? 'her_past' : 'her') : 'other';
  return hit.past ? 'her_past' : 'other';
}

/**
 * The scene after one turn: the people it set up (a user's turn counts one). `refused`: the check
 * refused the user's turn or cut her reply; what it tried to set up is kept as an attempt.
 */
export function sceneAfter(
  scene: SceneState,
  turn: { role: 'user' | 'assistant'; text: string },
  refused: boolean,
): SceneState {
  const text = turn.text.trim();
  const speaker: Speaker = turn.role === 'user' ? 'user' : 'her';
  // Turns are counted while someone set up is recent: past that, their age in turns no longer matters.
  const counting = scene.entities.some((e) => scene.turn - e.turn <= RECENT_TURNS);
  const count = turn.role === 'user' && counting ? scene.turn + 1 : scene.turn;
  if (!text) return count === scene.turn ? scene : { ...scene, turn: count };
  const s = signals(text, true, speaker);
  let entities = scene.entities;
  if (turn.role === 'user' && resetsScene(text)) entities = entities.filter((e) => !e.fictional);
  const found = peopleOf(text, s, speaker, refused, count, scene);
  if (found.length > 0) entities = [...entities, ...found].slice(-MAX_ENTITIES);
  if (entities === scene.entities && count === scene.turn) return scene;
  return { v: 1, turn: count, entities };
}

function resetsScene(text: string): boolean {
  return analyse(text).views.some((v) => find(LEX.scene_reset, v).length > 0);
}

/** The minors and real people a turn names. Cheap when there are none: the signals tell first. */
function peopleOf(
  text: string,
  s: Signals,
  speaker: Speaker,
  refused: boolean,
  turn: number,
  scene: SceneState,
): SceneEntity[] {
  // The speaker's own past ("в 9 классе я был влюблён…") sets up nobody.
  const minors = s.minor.filter((h) => keeps(h, s) && !h.self);
  const real = s.publicFigure || s.privatePerson;
  const { views } = analyse(text);
  const view = views[0] ?? [];
  const relations = find(LEX.relation_private, view);
  const weak = find(LEX.weak_minor, view);
  // Read in every view: "tę piosenkarkę" is a singer in its gloss.
  const fame = views.flatMap((v) => find(LEX.fame_word, v).map((h) => sentenceAt(v, h.start)));
  if (minors.length === 0 && !real && relations.length === 0 && weak.length === 0 && fame.length === 0)
    return [];
  const names = namesBySentence(text);
  const fictional = s.role || s.story || speaker === 'her';
  const sentences = sentencesOf(view);
  const animals = find(LEX.animal, view);
  const out: SceneEntity[] = [];
  const add = (e: Omit<SceneEntity, 'refused' | 'fictional' | 'turn'>) => {
    const same = out.find((o) => o.kind === e.kind && o.who === e.who);
    if (same) {
      for (const n of e.names) if (!same.names.includes(n)) same.names.push(n);
      for (const a of e.ages) if (!same.ages.includes(a)) same.ages.push(a);
      return;
    }
    out.push({ ...e, refused, fictional, turn });
  };
  // "Я не играю несовершеннолетних": a sentence that refuses sets up nobody.
  const refusals = find(LEX.refusal_frame, view);
  for (const hit of minors) {
    const range = sentences[hit.sentence];
    if (range && within(refusals, range)) continue;
    // "кот Барсик, ему 13 лет": an animal's age is not a child.
    if (range && (hit.kind === 'age' || hit.kind === 'grade') && within(animals, range)) continue;
    const who = whoOf(hit, s, speaker);
    add({
      kind: 'minor',
      who,
      names:
        who === 'her' || who === 'her_past' ? herNames(names[hit.sentence]) : (names[hit.sentence] ?? []),
      ages: hit.value !== undefined ? [hit.value] : [],
    });
  }
  // "есть там одна девочка, Полина" after "отряд 10-11 лет": a girl among children is a child.
  if (weak.length > 0 && (minors.length > 0 || childContext(view) || recentMinor(scene, turn))) {
    for (const w of weak) {
      const i = sentenceAt(view, w.start);
      add({ kind: 'minor', who: 'other', names: names[i] ?? [], ages: [] });
    }
  }
  // "Margaret, ту певицу", "актриса Анна Х.": a famous person the list does not know, named with her fame.
  for (const i of new Set(fame)) {
    const named = names[i] ?? [];
    if (named.length > 0) add({ kind: 'real_person', who: 'other', names: named, ages: [] });
  }
  if (real) {
    const figures = views.flatMap((v) =>
      find(PUBLIC_FIGURES, v).flatMap((h) => [
        ...stemsOf(v, h),
        ...(h.tag === undefined ? [] : figureNameKeys(h.tag)),
      ]),
    );
    const privateNames = s.privatePerson || relations.length > 0 ? names.flat() : [];
    add({ kind: 'real_person', who: 'other', names: [...new Set([...figures, ...privateNames])], ages: [] });
  } else if (relations.length > 0) {
    // "моя соседка Марина с 4 этажа": a person of his life, named or not.
    const at = relations.map((r) => sentenceAt(view, r.start));
    add({ kind: 'real_person', who: 'other', names: at.flatMap((i) => names[i] ?? []), ages: [] });
  }
  return out;
}

function childContext(view: View): boolean {
  return find(LEX.child_context, view).length > 0;
}

/** A minor set up in the last two user turns. */
function recentMinor(scene: SceneState, turn: number): boolean {
  return scene.entities.some((e) => e.kind === 'minor' && turn - e.turn <= RECENT_TURNS);
}

/** Names given to her in a role ("ты Алиса, тебе 15"): her role's names. */
function herNames(names: string[] | undefined): string[] {
  return names ?? [];
}

function stemsOf(view: View, hit: Hit): string[] {
  return view
    .slice(hit.start, hit.end)
    .map((t) => t.stem)
    .filter((stem) => stem.length >= 3);
}

/**
 * A message judged against the scene: a sexual request, a role or a picture that points back to a minor
 * or a real person the chat has set up. Null when it does not (or the scene is empty).
 */
export function sceneVerdict(
  text: string,
  s: Signals,
  scene: SceneState,
  options: { picture: boolean },
): SafetyReason | null {
  if (scene.entities.length === 0) return null;
  const sexualising = s.intimate || s.nudity || s.undress || s.role || options.picture;
  if (!sexualising) return null;
  const { cased, views } = analyse(text);
  const capitalised = capitalisedBySentence(cased);
  for (const view of views) {
    const reason = viewVerdict(view, s, scene, options.picture, capitalised);
    if (reason) return reason;
  }
  return null;
}

/** The people of the scene a sentence points to, and whether it sexualises or casts them. */
function viewVerdict(
  view: View,
  s: Signals,
  scene: SceneState,
  picture: boolean,
  capitalised: readonly string[][],
): SafetyReason | null {
  const sexual = [...find(LEX.sexual, view), ...find(LEX.nudity, view), ...find(LEX.undress_verb, view)];
  // Settings and euphemisms ("в спальню", "иди ко мне") sexualise only what is in their own part of the
  // sentence: "спой из её песен, а потом иди ко мне" points at her songs, not at her.
  const weak = [...find(LEX.bedroom, view), ...find(LEX.euphemism, view)];
  const roles = find(LEX.role_frame, view);
  const pronouns = find(LEX.third_person, view);
  const invites = find(LEX.scene_invite, view);
  const back = find(LEX.scene_back, view);
  const demonstratives = find(LEX.demonstrative, view);
  const photos = picture ? find(LEX.photo_word, view) : [];
  // "сделай лицо как у неё": a likeness points at whom it copies.
  const likeness = find(LEX.likeness, view);
  const entities = scene.entities;
  // «она», «её», "her": the person most recently set up who is not her now (she is «ты»).
  const latestOther = [...entities].reverse().find((e) => e.who !== 'her' || e.names.length > 0);
  for (const [index, range] of sentencesOf(view).entries()) {
    const sexualHere = within(sexual, range) || weakNearPointer(view, weak, range, pronouns, invites);
    const roleHere = within(roles, range);
    if (!sexualHere && !roleHere && !(picture && within(photos, range))) continue;
    const pointed: SceneEntity[] = [];
    // By name: «позови Нику», "get undressed, Chloe".
    const words = capitalised[index] ?? [];
    for (const e of entities) {
      if (pointed.includes(e)) continue;
      for (let i = range[0]; i < range[1]; i++) {
        const t = view[i]!;
        if (t.kind === 'word' && names(e, t.stem, words)) {
          pointed.push(e);
          break;
        }
      }
    }
    // By pronoun, "к нам", "втроём": the person most recently set up — when the sexual word or the role is
    // in the pronoun's own part of the sentence ("она у бабушки с ночёвкой, … иди ко мне, хочу тебя" is not).
    // In a photo request the pronoun anywhere in its sentence is whom the photo is of.
    const photoOf = picture && within(photos, range) && within(pronouns, range);
    if (
      latestOther &&
      (photoOf ||
        pointerNear(view, [...pronouns, ...invites], [...sexual, ...weak, ...roles, ...likeness], range))
    )
      pointed.push(latestOther);
    // "стань снова такой", "та версия тебя", "like you did at 17", "та Оля, школьная": her, as she was set up.
    if (within(back, range)) pointed.push(...entities.filter((e) => e.who !== 'other'));
    // "ту девочку с бантами", "той подружкой": the person most recently set up, or her as she was.
    if (demonstrativeBack(view, demonstratives, range)) {
      if (latestOther) pointed.push(latestOther);
      pointed.push(...entities.filter((e) => e.who !== 'other'));
    }
    // An age said again: "ну ты слышала, 16".
    for (let i = range[0]; i < range[1]; i++) {
      const n = view[i]!.num ?? view[i]!.ord;
      if (n === undefined) continue;
      for (const e of entities) if (e.ages.includes(n) && !pointed.includes(e)) pointed.push(e);
    }
    for (const e of pointed) {
      // Casting a real person or a minor of the scene ("сыграй её"), or sexualising them.
      if (e.kind === 'minor' && (sexualHere || roleHere || picture)) return 'minor';
      if (e.kind === 'real_person' && (sexualHere || (roleHere && nearRole(view, roles, range)))) {
        return 'real_person';
      }
    }
  }
  // She was made a minor: established, every sexual message about her until a new scene; attempted
  // and refused, the next turns that go on without making her an adult again.
  if (s.intimate || s.nudity || picture) {
    for (const e of entities) {
      if (e.kind !== 'minor' || e.who !== 'her') continue;
      if (!e.refused) return 'minor';
      if (scene.turn - e.turn < REFUSED_HER_TURNS && !restatesAdult(view)) return 'minor';
    }
  }
  return null;
}

/**
 * "той подружкой", "ту девочку с бантами", "та Оля, школьная", "that girl": a demonstrative right before
 * a person's word or a name points back at someone already set up.
 */
function demonstrativeBack(view: View, demonstratives: Hit[], range: [number, number]): boolean {
  return demonstratives.some((d) => {
    if (d.start < range[0] || d.start >= range[1]) return false;
    const next = view[d.end];
    return next !== undefined && PERSON_WORD.test(next.stem);
  });
}
const PERSON_WORD =
  /^(?:девоч|девчон|девушк|подруг|подружк|школьн|учениц|верси|себ|girl|friend|version|kid|self)/;

/** A pointer and a sexual word or a role in the same comma-part of the sentence. */
function pointerNear(view: View, pointers: Hit[], words: Hit[], range: [number, number]): boolean {
  const inRange = (h: Hit) => h.start >= range[0] && h.start < range[1];
  const here = words.filter(inRange);
  return pointers.filter(inRange).some((p) => here.some((w) => samePart(view, p.start, w.start)));
}

/** A weak sexual word in the same comma-part as a pronoun or an invitation, or with no pronoun in the sentence. */
function weakNearPointer(view: View, weak: Hit[], range: [number, number], ...pointers: Hit[][]): boolean {
  const inRange = weak.filter((h) => h.start >= range[0] && h.start < range[1]);
  if (inRange.length === 0) return false;
  const near = pointers.flat().filter((p) => p.start >= range[0] && p.start < range[1]);
  if (near.length === 0) return true;
  return inRange.some((w) => near.some((p) => samePart(view, w.start, p.start)));
}

function samePart(view: View, a: number, b: number): boolean {
  const [from, to] = a < b ? [a, b] : [b, a];
  for (let k = from; k < to; k++) if (PART_BREAK.has(view[k]!.surface)) return false;
  return true;
}
const PART_BREAK = new Set([',', '(', ')', '-', ':']);

/** Her reply names a real person the scene holds ("я — твоя Вика"): with anything intimate in it, she plays them. */
export function namesRealPerson(scene: SceneState, text: string): boolean {
  const real = scene.entities.filter((e) => e.kind === 'real_person');
  if (real.length === 0) return false;
  const { cased, views } = analyse(text);
  const capitalised = capitalisedBySentence(cased).flat();
  const view = views[0] ?? [];
  return real.some((e) => view.some((t) => t.kind === 'word' && names(e, t.stem, capitalised)));
}

/** A role frame close to the pointer: "сыграй её", "будь ей", "стань ей", "roleplay as her". */
function nearRole(_view: View, roles: Hit[], range: [number, number]): boolean {
  return within(roles, range);
}

/** The message makes her an adult again: an adult age or an adult's word ("мне 25", "взрослая"). */
function restatesAdult(view: View): boolean {
  if (find(LEX.adulthood, view).length > 0) return true;
  return view.some((t) => t.kind === 'num' && t.num !== undefined && t.num >= 18 && t.num <= 70);
}

/** The scene as short facts for a guard model's prompt (no user identifiers). */
export function describeScene(scene: SceneState): string[] {
  return scene.entities.map((e) => {
    const who =
      e.who === 'her'
        ? 'the companion herself'
        : e.who === 'her_past'
          ? 'the companion as a child'
          : 'another person';
    const what = e.kind === 'minor' ? 'is stated to be a minor' : 'is a real, identifiable person';
    const ages = e.ages.length ? ` (age or grade ${e.ages.join(', ')})` : '';
    const tried = e.refused ? ' — this was refused when it was set up' : '';
    return `${who}${e.names.length ? ` (${e.names.join(', ')})` : ''} ${what}${ages}${tried}`;
  });
}
