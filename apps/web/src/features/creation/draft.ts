import {
  type CharacterInput,
  DEFAULT_COMMUNICATION_STYLE,
  DEFAULT_MOOD,
  type GenerateImageBody,
  habitForSexuality,
  INDEX_DEFAULT_SEXUALITY,
  RANDOM_COMMUNICATION_STYLES,
  RANDOM_DEFAULTS,
  REGENERATE_LIMIT,
} from '@podruga/shared';

/** The three single-choice picture groups of step one (001 §3 `selectedImages`). */
export interface SelectedImages {
  herbody: string | null;
  herbreasts: string | null;
  herbutt: string | null;
}

/** Where the user came to /generation from (001 §4: only these two may start a generation). */
export type NavigationSource = 'index' | 'personality';

/**
 * The companion being created (001 §3 "Draft companion"), field names as the spec's. `voice` holds the
 * hair colour (the original's legacy key).
 */
export interface DraftFields {
  herName: string;
  herInflectedName: string | null;
  herAge: number | null;
  ethnicity: string | null;
  voice: string | null;
  selectedImages: SelectedImages;
  temperament: string | null;
  personality: string | null;
  occupation: string | null;
  habit: string | null;
  language_style: string | null;
  communication_style: number;
  mood: string | null;
  skin_shade: string | null;
  skinShadeDisplay: string | null;
  hairstyle: string | null;
  hairstyleDisplay: string | null;
  sexuality: number | null;
}

/** The generation state that goes with a draft. */
export interface GenerationFields {
  /** Base64 PNG of the chosen portrait (persisted under `generatedImage`). */
  generatedImage: string | null;
  /** Every portrait made for this draft, newest last (in memory: the preview dialog steps through them). */
  variants: string[];
  /** The model that made `generatedImage`. */
  imageModel: string | null;
  usedModels: string[];
  regenerateCount: number;
  regenerateLimit: number;
  isFirstLoad: boolean;
  isInitialGeneration: boolean;
}

export const emptyDraft = (): DraftFields => ({
  herName: '',
  herInflectedName: null,
  herAge: null,
  ethnicity: null,
  voice: null,
  selectedImages: { herbody: null, herbreasts: null, herbutt: null },
  temperament: null,
  personality: null,
  occupation: null,
  habit: null,
  language_style: null,
  communication_style: DEFAULT_COMMUNICATION_STYLE,
  mood: DEFAULT_MOOD,
  skin_shade: null,
  skinShadeDisplay: null,
  hairstyle: null,
  hairstyleDisplay: null,
  sexuality: null,
});

export const emptyGeneration = (): GenerationFields => ({
  generatedImage: null,
  variants: [],
  imageModel: null,
  usedModels: [],
  regenerateCount: 0,
  regenerateLimit: REGENERATE_LIMIT,
  isFirstLoad: true,
  isInitialGeneration: true,
});

/** The index page's rule (001 §2): sexuality 70 when unset or 0; the habit follows the slider. */
export function withIndexSexuality(draft: DraftFields): DraftFields {
  const sexuality = draft.sexuality ? draft.sexuality : INDEX_DEFAULT_SEXUALITY;
  return { ...draft, sexuality, habit: draft.habit ?? habitForSexuality(sexuality) };
}

/**
 * "generate and feel" skips the personality page: unset traits get the spec's defaults (001 §4) and a
 * communication style picked from RANDOM_COMMUNICATION_STYLES. `random` is injectable for tests.
 */
export function withRandomDefaults(draft: DraftFields, random: () => number = Math.random): DraftFields {
  const styles = RANDOM_COMMUNICATION_STYLES;
  // A style the user moved away from the default is theirs; the default one is re-rolled.
  const style =
    draft.communication_style === DEFAULT_COMMUNICATION_STYLE
      ? styles[Math.min(styles.length - 1, Math.floor(random() * styles.length))]
      : draft.communication_style;
  return {
    ...draft,
    personality: draft.personality ?? RANDOM_DEFAULTS.personality,
    occupation: draft.occupation ?? RANDOM_DEFAULTS.occupation,
    habit: draft.habit ?? RANDOM_DEFAULTS.habit,
    language_style: draft.language_style ?? RANDOM_DEFAULTS.language_style,
    communication_style: style ?? RANDOM_DEFAULTS.communication_style,
    sexuality: draft.sexuality ?? RANDOM_DEFAULTS.sexuality,
    mood: draft.mood ?? RANDOM_DEFAULTS.mood,
    skin_shade: draft.skin_shade ?? RANDOM_DEFAULTS.skin_shade,
    hairstyle: draft.hairstyle ?? RANDOM_DEFAULTS.hairstyle,
  };
}

/** What missingStepOne checks, read from the draft. */
export function stepOneView(d: DraftFields) {
  return {
    name: d.herName,
    age: d.herAge,
    ethnicity: d.ethnicity,
    hair_color: d.voice,
    body_type: d.selectedImages.herbody,
    breast_size: d.selectedImages.herbreasts,
    butt: d.selectedImages.herbutt,
  };
}

type Appearance = Pick<
  GenerateImageBody,
  'age' | 'ethnicity' | 'hair_color' | 'body_type' | 'breast_size' | 'butt' | 'skin_shade' | 'hairstyle'
>;

function appearance(d: DraftFields): Appearance {
  const defaults = withRandomDefaults(d, () => 0);
  return {
    age: d.herAge ?? 0,
    ethnicity: (d.ethnicity ?? '') as Appearance['ethnicity'],
    hair_color: (d.voice ?? '') as Appearance['hair_color'],
    body_type: (d.selectedImages.herbody ?? '') as Appearance['body_type'],
    breast_size: (d.selectedImages.herbreasts ?? '') as Appearance['breast_size'],
    butt: (d.selectedImages.herbutt ?? '') as Appearance['butt'],
    skin_shade: defaults.skin_shade as Appearance['skin_shade'],
    hairstyle: defaults.hairstyle as Appearance['hairstyle'],
  };
}

/** The portrait request (001 §7), with the draft id and, on a respawn, the models used so far. */
export function toGenerateBody(
  d: DraftFields,
  characterId: string,
  usedModels: readonly string[],
): GenerateImageBody {
  return {
    ...appearance(d),
    occupation: (d.occupation ?? undefined) as GenerateImageBody['occupation'],
    width: 1024,
    height: 1024,
    steps: 8,
    hide_watermark: true,
    return_binary: false,
    negative_prompt: '',
    safe_mode: false,
    draft_id: characterId,
    ...(usedModels.length > 0 ? { used_models: [...usedModels] } : {}),
  };
}

/** The character payload (001 §3 "Character payload on creation"); the server validates it again. */
export function toCharacterInput(d: DraftFields, characterId: string, model: string | null): CharacterInput {
  const full = withRandomDefaults(d);
  return {
    id: characterId,
    name: d.herName.trim(),
    ...appearance(d),
    personality: full.personality as CharacterInput['personality'],
    occupation: full.occupation as CharacterInput['occupation'],
    habit: full.habit as CharacterInput['habit'],
    language_style: full.language_style as CharacterInput['language_style'],
    communication_style: d.communication_style,
    sexuality: full.sexuality ?? 0,
    mood: full.mood as CharacterInput['mood'],
    temperament: (d.temperament ?? null) as CharacterInput['temperament'],
    img_gen_model: (model ?? null) as CharacterInput['img_gen_model'],
  };
}
