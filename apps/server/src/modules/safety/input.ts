import { refusal, type SafetyReason, type SafetyResult } from './safety.ts';
import { namesRealPerson, type SceneState, sceneVerdict } from './scene.ts';
import { type MinorHit, type Signals, signals } from './signals.ts';
import type { SafetyTurn } from './turns.ts';

/**
 * Where free text enters (issue 11): every check names its entry point, because what is fine in one
 * place (a nude photo of the fictional companion) is refused in another (undressing an uploaded photo).
 */
export type SafetyEntry =
  | 'character.name'
  | 'character.description'
  | 'chat'
  | 'image_request'
  | 'upload_caption'
  | 'image_prompt'
  | 'negative_prompt';

export interface SafetyInput {
  text: string | null | undefined;
  entry: SafetyEntry;
  /** Who wrote it: the user (default), or her — her reply, where "мне 14" is about her. */
  speaker?: 'user' | 'her';
  /** The chat's last few user turns, oldest first ("тебе 14" then "разденься" is refused). */
  history?: readonly string[];
  /** The chat's recent turns with their speakers, oldest first (wins over `history`; refused ones left out). */
  turns?: readonly SafetyTurn[];
  /** What the chat has established: the minors and real people a message may point back to. */
  scene?: SceneState;
  /** A text that is read once and never again (a window of her streaming reply): not remembered. */
  transient?: boolean;
}

/** How many earlier user turns the chat's check reads with the message. */
export const HISTORY_WINDOW = 3;

/** Texts that describe or depict the companion: any minor she is made into is refused. */
const DEPICTING: ReadonlySet<SafetyEntry> = new Set([
  'character.name',
  'character.description',
  'image_prompt',
  'image_request',
]);

/** A minor that the text makes of her or of the picture: not a son, a niece or a memory. */
function depictsMinor(hit: MinorHit, s: Signals): boolean {
  if (hit.kind === 'fetish') return true;
  // "Карина, 31 год, мама двоих детей": with her adult age stated, a child's word not said of her is
  // someone else (her children, her pupils).
  if (s.adultStated && !hit.her && (hit.kind === 'person' || hit.kind === 'family')) return false;
  if (s.sexual && (!hit.other || hit.sexualNear)) return true;
  if (hit.kind === 'family') return hit.her && s.role;
  return !hit.other && !hit.past;
}

/** In conversation: a minor made of her, a minor in a role-play, or a minor beside sexual content. */
function chatMinor(hit: MinorHit, s: Signals): boolean {
  if (hit.kind === 'fetish') return true;
  if (s.sexual && (!hit.other || hit.sexualNear)) return true;
  if (hit.kind === 'family') return hit.her && s.role;
  if (s.role && !hit.other) return true;
  return hit.her && !hit.simile && !hit.past && !hit.bare;
}

/** A minor in an earlier turn that still frames her: a role, an age or a child's word said of her. */
function framesHer(hit: MinorHit, s: Signals): boolean {
  if (hit.bare && !s.role) return false;
  return hit.kind === 'fetish' || ((hit.her || s.role) && !hit.other);
}

/** Forms where an age written without a unit ("Лоля 14", "Маша, 15") always describes her. */
const FORM: ReadonlySet<SafetyEntry> = new Set(['character.name', 'character.description', 'image_prompt']);

/** A minor a story is about: not the user's own past, not someone's family member named as such, not a simile. */
function storyMinor(hit: MinorHit): boolean {
  return !hit.self && !hit.past && !hit.simile && !hit.bare && hit.kind !== 'family';
}

/** Two or more signs of a child's life, sexual, about her (said to her, or a form that depicts her), no adult age. */
function childLike(entry: SafetyEntry, s: Signals): boolean {
  if (s.childCues < CHILD_CUES || s.adultAge || !(s.sexual || s.intimate || s.nudity)) return false;
  return DEPICTING.has(entry) || s.addressed || s.role;
}
const CHILD_CUES = 2;

function minorVerdict(entry: SafetyEntry, signals: Signals, window: Signals[]): boolean {
  if (entry !== 'negative_prompt' && childLike(entry, signals)) return true;
  // A story or scene with a minor in it, made intimate ("Героине 14… опиши их первую ночь с соседом").
  if (signals.story && signals.intimate && signals.minor.some(storyMinor)) return true;
  // A bare number counts in a form; elsewhere only beside sexual content or in a role-play.
  const bareCounts = FORM.has(entry) || signals.sexual || signals.role;
  const s = bareCounts ? signals : { ...signals, minor: signals.minor.filter((h) => !h.bare) };
  if (entry === 'negative_prompt') return s.adulthood || s.minor.some((h) => h.kind === 'fetish');
  if (DEPICTING.has(entry)) return s.minor.some((h) => depictsMinor(h, s));
  if (s.minor.some((h) => chatMinor(h, s))) return true;
  // The window: "тебе 14" then "разденься"; "разденься" then "ты же совсем ребёнок".
  if (s.sexual && window.some((w) => w.minor.some((h) => framesHer(h, w)))) return true;
  return window.some((w) => w.sexual) && s.minor.some((h) => h.her && h.kind !== 'family' && !h.bare);
}

function realPersonVerdict(entry: SafetyEntry, s: Signals, window: Signals[]): boolean {
  const sexualOrRole = s.sexual || s.publicRole || s.likeness;
  switch (entry) {
    case 'character.name':
    case 'image_prompt':
      return s.publicFigure || s.namedLikeness || s.privatePerson;
    case 'character.description':
      return (s.publicFigure && sexualOrRole) || s.namedLikeness || s.privatePerson;
    case 'negative_prompt':
      return false;
    case 'image_request':
      // A picture of her "в образе Мэрилин" is a style; "похожей на X", naked or cast as X is not.
      if (s.publicFigure && (s.sexual || s.nudity || s.publicRole || s.likenessOf)) return true;
      if ((s.privatePerson || s.namedLikeness) && (s.sexual || s.nudity || s.likeness || s.role)) return true;
      // A photo of someone of his life ("фото Леры, нашей няни, в белье") is not a photo of her.
      if (s.relation && (s.sexual || s.nudity)) return true;
      return s.sexual && window.some((w) => w.publicRole);
    default:
      // In conversation a likeness observed ("ты похожа на X") is a compliment; one asked for is not.
      if (s.publicFigure && (s.sexual || s.publicRole || s.likenessRequest)) return true;
      if ((s.privatePerson || s.namedLikeness) && (s.intimate || s.nudity || s.likeness || s.role))
        return true;
      // Casting someone of his life in an intimate scene ("roleplay my friend's wife sneaking into my room").
      if (s.relation && s.role && s.intimate) return true;
      return s.sexual && window.some((w) => w.publicRole);
  }
}

/** An uploaded photo's caption that asks to undress or sexualise the person on it. */
function undressVerdict(s: Signals): boolean {
  // His own photo ("это я с утра, без футболки"): nudity is his to share, only undressing is refused.
  if (s.selfPhoto && !s.thirdPerson) return s.undress && !s.nudity;
  // Editing the person on it toward less ("оставь только туфли", "x-ray: what's under her coat",
  // "как будто она только что вышла из душа", "замени джинсы на бельё") is undressing it too.
  if ((s.photoEdit || s.transform) && s.revealing) return true;
  return s.undress || (s.nudity && (s.transform || s.otherSubject || s.face));
}

/** A photo named in a chat message ("на этом фото", "this pic"): the photo sent with it, or one before. */
const NAMES_A_PHOTO = /(?<![\p{L}])(?:фот|снимо?к|картинк|селфи|photo|pic|image|selfie)/iu;

/** In chat, undressing someone else "on this photo" is the uploaded-photo rule, photo attached or not. */
function chatUndressVerdict(text: string, s: Signals): boolean {
  return s.undress && s.otherSubject && NAMES_A_PHOTO.test(text);
}

/**
 * Reads a text's signals now, remembered for the check that follows: a caller about to wait for a
 * database trip reads the message meanwhile, and the check after the trip finds it read.
 */
export function readAhead(text: string): void {
  const trimmed = text.trim();
  if (trimmed) signals(trimmed);
}

/** The earlier user turns the window reads: `turns` when given, else the legacy `history`. */
function userTurns(input: SafetyInput): readonly string[] {
  if (input.turns) return input.turns.filter((t) => t.role === 'user').map((t) => t.text);
  return input.history ?? [];
}

/** The rules layer: one verdict for one input at its entry point (and, in chat, its last user turns). */
export function checkInput(input: SafetyInput): SafetyResult {
  const text = input.text?.trim();
  if (!text) return { ok: true };
  if (input.speaker === 'her') return herReply(text, input);
  const s = signals(text, !input.transient);
  const chatLike =
    input.entry === 'chat' || input.entry === 'upload_caption' || input.entry === 'image_request';
  const window = chatLike
    ? userTurns(input)
        .slice(-HISTORY_WINDOW)
        .filter((h) => h.trim())
        .map((h) => signals(h))
    : [];
  if (minorVerdict(input.entry, s, window)) return refusal('minor');
  if (realPersonVerdict(input.entry, s, window)) return refusal('real_person');
  if (input.entry === 'upload_caption' && undressVerdict(s)) return refusal('undress_photo');
  if (input.entry === 'chat' && chatUndressVerdict(text, s)) return refusal('undress_photo');
  if (chatLike && input.scene) {
    const reason = sceneVerdict(text, s, input.scene, { picture: input.entry !== 'chat' });
    if (reason) return refusal(reason);
  }
  return { ok: true };
}

/** Her reply's sentences: a refusal she makes ("играть школьницу я не стану") names what it refuses. */
const SENTENCE = /[^.!?…\n]+[.!?…\n]*/gu;

/**
 * Her own reply (layer 3), read with her as the speaker: "мне 14", "я школьница" are about her. Refused:
 * her as a minor (sexual or not: a persona that drifts to a minor is stopped), a minor in a sexual reply,
 * a real person she claims to be or describes in a sexual way, and the scene's minors and real people.
 * A sentence in which she refuses ("не буду", "I won't") is not read for what it refuses.
 */
function herReply(text: string, input: SafetyInput): SafetyResult {
  const transient = Boolean(input.transient);
  const spoken = (text.match(SENTENCE) ?? [text])
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => ({ text: t, s: signals(t, !transient, 'her') }))
    .filter(({ s }) => !s.refusing);
  const sentences = spoken.map(({ s }) => s);
  const sexual = sentences.some((s) => s.intimate || s.nudity || s.undress);
  const reason = herReason(sentences, sexual);
  if (reason) return refusal(reason);
  if (
    input.scene &&
    spoken.length > 0 &&
    sexual &&
    namesRealPerson(input.scene, spoken.map((x) => x.text).join(' '))
  )
    return refusal('real_person');
  if (input.scene && spoken.length > 0) {
    const said = spoken.map((x) => x.text).join(' ');
    const scene = sceneVerdict(said, signals(said, !transient, 'her'), input.scene, { picture: false });
    if (scene) return refusal(scene);
  }
  return { ok: true };
}

/** Kinds that, said without a subject in her reply, are about her: "пришла с уроков", "Возраст — XV". */
const HERS_UNSAID: ReadonlySet<MinorHit['kind']> = new Set(['school', 'grade', 'age']);

function herReason(sentences: Signals[], sexual: boolean): SafetyReason | null {
  for (const s of sentences) {
    const adult = s.adulthood || s.adultAge;
    for (const hit of s.minor) {
      if (hit.kind === 'fetish') return 'minor';
      if (hit.past || hit.simile) continue;
      // "мне 29, так что не называй меня ребёнком", "мне 34, в школу хожу на собрания к племяннице":
      // a child's or a school's word beside her adult age is no claim.
      if ((hit.kind === 'person' || hit.kind === 'body' || hit.kind === 'school') && adult) continue;
      const hers = hit.her || (!hit.other && !hit.self && HERS_UNSAID.has(hit.kind));
      if (hers && !(hit.bare && !sexual)) return 'minor';
      // Someone else's child in a sexual reply, beside the sexual words (her niece at a parents' meeting,
      // then "вечером я вся твоя", is not).
      if (sexual && !hit.bare && (hit.sexualNear || hit.kind === 'age' || hit.kind === 'grade'))
        return 'minor';
    }
  }
  for (const s of sentences) {
    if (s.publicFigure && (sexual || s.publicRole || s.selfClaim)) return 'real_person';
    if ((s.privatePerson || s.relation) && sexual) return 'real_person';
    // "I undressed the girl from your photo": what she says she did to a photo the user sent.
    if ((s.undress || s.nudity) && s.otherSubject && s.photo) return 'real_person';
  }
  return null;
}
