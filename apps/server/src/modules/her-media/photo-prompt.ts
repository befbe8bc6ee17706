import { createHash } from 'node:crypto';
import type { PortraitTraits } from '../../providers/image/port.ts';
import { sceneInEnglish, sceneWords } from '../../providers/image/scene.ts';
import { adultNegativePrompt, herTraitPhrase, occupationOutfit } from '../characters/portrait-prompt.ts';

/**
 * Photos and videos of her (issue 14, decision 0021): her fixed trait phrase first and word for word
 * the same every time, then the scene the user asked for in English, then the style. The scene can
 * never make her younger: `sceneRefusal` names a scene that asks for a minor (the caller refuses it),
 * and the builders drop every youthful word whatever the caller does. The safety service still reads
 * the final prompt.
 */

export interface HerMediaPrompt {
  prompt: string;
  negativePrompt: string;
}

/** Words that ask for a minor: the scene is refused. */
const MINOR_WORDS =
  /^(школьниц\S*|подрост\S*|тинейдж\S*|несовершеннолет\S*|малолет\S*|ребен\S*|дет(и|ей|ям|ьми|ях|ск\S*|ств\S*)|младше|моложе|teen|teens|teenage\S*|teenager\S*|preteen\S*|underage\S*|loli\S*|child\S*|kid|kids|kiddo|schoolgirl\S*|minor|minors|younger)$/;
/** Phrases that ask for a minor ("школьная форма", "school uniform"). */
const MINOR_PHRASES =
  /(школьн\S* форм\S*|school uniform|в детстве|as a (kid|child|girl)|(little|young|small|tiny) girl|маленьк\S* девоч\S*|юн\S* девоч\S*)/;
/** "15 лет", "16 years old", "17yo": an age under 18. */
const AGE = /(?<!\d)(\d{1,2})\s*-?\s*(лет|год|года|years?|yrs?|yo|y\.o\.)(?![\p{L}])/gu;
/** Youthful words that are only dropped: "юная", "little", "маленьком платье" stay adult without them. */
const YOUTHFUL_WORDS =
  /^(юн(ая|ой|ую|ый|ые|ых|ое|ом|ого|ым)|юнец|молоденьк\S*|маленьк\S*|крошечн\S*|девочк\S*|девчонк\S*|малышк\S*|школ\S*|little|tiny|young|youthful|baby|babyface|school)$/;

/** 'minor' when the scene asks for a minor, else null. */
export function sceneRefusal(scene: string): 'minor' | null {
  const words = sceneWords(scene);
  if (words.some((word) => MINOR_WORDS.test(word))) return 'minor';
  const text = words.join(' ');
  if (MINOR_PHRASES.test(text)) return 'minor';
  for (const [, age] of text.matchAll(AGE)) if (Number(age) < 18) return 'minor';
  return null;
}

/** The scene without any word that asks for or suggests youth, in English. */
function adultSceneInEnglish(scene: string): string {
  const words = sceneWords(scene).filter((word) => !MINOR_WORDS.test(word) && !YOUTHFUL_WORDS.test(word));
  return sceneInEnglish(words.join(' ').replace(AGE, ''));
}

const PHOTO_STYLE = 'candid photo, natural light, detailed face, photorealistic, 8k';
const VIDEO_STYLE = 'natural smooth motion, subtle camera movement, cinematic, realistic, detailed face';

/** A photo of her: her trait phrase, the scene (or her usual outfit at home), the style. */
export function buildHerPhotoPrompt(traits: PortraitTraits, scene: string): HerMediaPrompt {
  const where = adultSceneInEnglish(scene) || `${occupationOutfit(traits)}, selfie at home`;
  return {
    prompt: `${herTraitPhrase(traits)}, ${where}, ${PHOTO_STYLE}`,
    negativePrompt: adultNegativePrompt(),
  };
}

/**
 * A short video of her: her trait phrase, the scene, and motion — what she does when the scene
 * names it ("dancing", "walking"), else a smile and a small movement towards the camera.
 */
export function buildHerVideoPrompt(traits: PortraitTraits, scene: string): HerMediaPrompt {
  const where = adultSceneInEnglish(scene);
  const acts =
    /\b(?!(?:wearing|evening|morning|swimming|clothing|building|lighting|ceiling)\b)[a-z]+ing\b/.test(where);
  const motion = acts
    ? where
    : [where, 'smiling at the camera, gently moving her head and hair'].filter(Boolean).join(', ');
  return {
    prompt: `${herTraitPhrase(traits)}, ${motion}, ${VIDEO_STYLE}`,
    negativePrompt: adultNegativePrompt('static image, frozen, jerky motion, morphing face'),
  };
}

/** Her seed for every photo and video: a stable 31-bit number from her id. */
export function herSeed(characterId: string): number {
  return createHash('sha256').update(characterId).digest().readUInt32BE(0) & 0x7fffffff;
}
