import { AGE_MIN } from '@podruga/shared';
import { errors } from '../../errors.ts';
import type { PortraitTraits } from '../../providers/image/port.ts';
import { SAFETY_MESSAGES } from '../safety/safety.ts';

const ETHNICITY: Record<string, string> = {
  caucasian: 'caucasian',
  black: 'black african',
  asian: 'east asian',
  latina: 'latina',
  // The likeness form's values (001 §3).
  indian: 'indian',
  middle_eastern: 'middle eastern',
  african: 'black african',
  hispanic: 'latina',
};
const HAIR: Record<string, string> = {
  blonde: 'blonde',
  brunette: 'brunette',
  black: 'jet black',
  red: 'red',
  pink: 'pastel pink',
  blue: 'blue',
  purple: 'purple',
  brown: 'brown',
  green: 'green',
};
const BODY: Record<string, string> = {
  fit: 'athletic toned',
  slim: 'slim',
  curvy: 'curvy',
  fat: 'plus-size',
  thin: 'slim',
  athletic: 'athletic toned',
  average: 'average',
};
const BREASTS: Record<string, string> = {
  small: 'small breasts',
  medium: 'medium breasts',
  large: 'large breasts',
  huge: 'very large breasts',
};
const BUTT: Record<string, string> = {
  fit: 'toned hips',
  small: 'narrow hips',
  medium: 'rounded hips',
  large: 'wide hips',
};
const SKIN: Record<string, string> = {
  fair: 'fair skin',
  'golden tan': 'golden tan skin',
  caramel: 'caramel skin',
  tanned: 'tanned skin',
  golden_tan: 'golden tan skin',
};
const OCCUPATION: Record<string, string> = {
  actress: 'glamorous actress, elegant dress',
  barman: 'bartender in a stylish bar',
  rusmob: 'confident gangster woman in a leather jacket',
  physicist: 'physicist in a laboratory',
  secretary: 'office secretary in a blouse',
  teacher: 'teacher in a smart blouse',
  hacker: 'hacker with neon monitors',
  chef: 'chef in a white chef jacket, kitchen',
  office: 'stylish office outfit, blouse',
};

/** Always in the negative prompt: nothing childlike, ever (DESIGN §6). */
export const ADULT_NEGATIVE_TERMS = [
  'child',
  'minor',
  'teen',
  'teenager',
  'underage',
  'loli',
  'young-looking',
  'childlike',
  'schoolgirl',
  'school uniform',
  'petite child body',
  'baby face',
];
export const QUALITY_NEGATIVE = ['deformed', 'extra limbs', 'bad anatomy', 'blurry', 'watermark', 'text'];

/**
 * A client negative prompt may not push away adulthood ("adult, woman, mature" as negatives): the
 * portrait service refuses it, before the safety service reads it as a `negative_prompt`.
 */
export const NEGATES_ADULTHOOD =
  /(?<![a-zа-я])(adult|adults|woman|women|mature|grown|old|milf|взросл\S*|женщин\S*|зрел\S*)(?![a-zа-я])/iu;

export interface PortraitPrompt {
  prompt: string;
  negativePrompt: string;
}

/**
 * Her fixed look in English: the same words, in the same order, for her portrait and every photo and
 * video of her, so that a provider given the same seed sees the same description of her (decision
 * 0021). Always an adult of at least AGE_MIN.
 */
export function herTraitPhrase(traits: PortraitTraits): string {
  const age = Math.max(AGE_MIN, Math.round(traits.age));
  return [
    `beautiful adult woman, ${age} years old`,
    ETHNICITY[traits.ethnicity] ?? 'caucasian',
    `${HAIR[traits.hair_color] ?? traits.hair_color} hair, ${traits.hairstyle.replace(/_/g, ' ')} hairstyle`,
    SKIN[traits.skin_shade] ?? 'fair skin',
    `${BODY[traits.body_type] ?? 'slim'} body, ${BREASTS[traits.breast_size] ?? 'medium breasts'}, ${BUTT[traits.butt] ?? 'rounded hips'}`,
  ].join(', ');
}

/** Her work clothes when the occupation has a look, else a neutral outfit. */
export function occupationOutfit(traits: PortraitTraits): string {
  return traits.occupation ? (OCCUPATION[traits.occupation] ?? traits.occupation) : 'casual stylish outfit';
}

/** The negative prompt every image of her carries: childlike looks and defects, then `extra`. */
export function adultNegativePrompt(extra = ''): string {
  return [...ADULT_NEGATIVE_TERMS, ...QUALITY_NEGATIVE, ...(extra ? [extra] : [])].join(', ').slice(0, 1500);
}

/**
 * Traits → an English prompt and negative prompt. The subject is always an adult woman of at least
 * 18; the negative prompt always excludes childlike features and may not push adulthood away. The
 * portrait service checks the client's negative prompt and the result with the safety service first.
 */
export function buildPortraitPrompt(traits: PortraitTraits, clientNegative = ''): PortraitPrompt {
  const prompt = [
    `portrait photo of a ${herTraitPhrase(traits)}`,
    occupationOutfit(traits),
    'upper body, looking at the viewer, soft studio lighting, detailed face, photorealistic, 8k',
  ].join(', ');
  const extra = clientNegative.trim();
  if (extra && NEGATES_ADULTHOOD.test(extra)) throw errors.safetyRefused(SAFETY_MESSAGES.minor);
  return { prompt, negativePrompt: adultNegativePrompt(extra) };
}
