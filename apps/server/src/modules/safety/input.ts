import { refusal, type SafetyResult } from './safety.ts';
import { type MinorHit, type Signals, signals } from './signals.ts';

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
  /** The chat's last few user turns, oldest first ("тебе 14" then "разденься" is refused). */
  history?: readonly string[];
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

function minorVerdict(entry: SafetyEntry, signals: Signals, window: Signals[]): boolean {
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
    default:
      if (s.publicFigure && sexualOrRole) return true;
      if ((s.privatePerson || s.namedLikeness) && (s.sexual || s.likeness || s.role)) return true;
      return s.sexual && window.some((w) => w.publicRole);
  }
}

/** An uploaded photo's caption that asks to undress or sexualise the person on it. */
function undressVerdict(s: Signals): boolean {
  return s.undress || (s.nudity && (s.transform || s.otherSubject));
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

/** The rules layer: one verdict for one input at its entry point (and, in chat, its last user turns). */
export function checkInput(input: SafetyInput): SafetyResult {
  const text = input.text?.trim();
  if (!text) return { ok: true };
  const s = signals(text, !input.transient);
  const chatLike =
    input.entry === 'chat' || input.entry === 'upload_caption' || input.entry === 'image_request';
  const window =
    chatLike && input.history
      ? input.history
          .slice(-HISTORY_WINDOW)
          .filter((h) => h.trim())
          .map((h) => signals(h))
      : [];
  if (minorVerdict(input.entry, s, window)) return refusal('minor');
  if (realPersonVerdict(input.entry, s, window)) return refusal('real_person');
  if (input.entry === 'upload_caption' && undressVerdict(s)) return refusal('undress_photo');
  if (input.entry === 'chat' && chatUndressVerdict(text, s)) return refusal('undress_photo');
  return { ok: true };
}
