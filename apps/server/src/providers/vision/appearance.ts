import { LIKENESS_VALUES } from '@podruga/shared';
import { loadSharp } from '../../sharp.ts';
import type { AppearanceReading } from './port.ts';

/**
 * Creation by likeness (DESIGN §6): what a model is asked about a photo. Only who is on it (to refuse
 * anything but one adult) and generic appearance from fixed lists — never identity, never a name.
 */
export const APPEARANCE_PROMPT = [
  'You check a photo for a form. Answer with one JSON object only, no other text:',
  '{"people": <number of people visible>, "all_adults": <true only if every person is clearly an adult over 18>,',
  ` "hair_color": one of ${JSON.stringify(LIKENESS_VALUES.hair_color)} or null,`,
  ` "hairstyle": one of ${JSON.stringify(LIKENESS_VALUES.hairstyle)} or null,`,
  ` "body_type": one of ${JSON.stringify(LIKENESS_VALUES.body_type)} or null,`,
  ` "skin_shade": one of ${JSON.stringify(LIKENESS_VALUES.skin_shade)} or null}`,
  'Describe only generic appearance. Do not identify the person and do not name anyone.',
].join('\n');

function oneOf(list: readonly string[], value: unknown): string | null {
  return typeof value === 'string' && list.includes(value) ? value : null;
}

/** A model's answer → a reading; anything unreadable counts as "cannot tell" (and so is refused). */
export function parseAppearance(content: string): AppearanceReading | null {
  const match = /\{[\s\S]*\}/.exec(content);
  if (!match) return null;
  let raw: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(match[0]);
    if (typeof parsed !== 'object' || parsed === null) return null;
    raw = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const people = typeof raw.people === 'number' && Number.isInteger(raw.people) ? raw.people : null;
  return {
    people,
    adult: typeof raw.all_adults === 'boolean' ? raw.all_adults : null,
    hair_color: oneOf(LIKENESS_VALUES.hair_color, raw.hair_color),
    hairstyle: oneOf(LIKENESS_VALUES.hairstyle, raw.hairstyle),
    body_type: oneOf(LIKENESS_VALUES.body_type, raw.body_type),
    skin_shade: oneOf(LIKENESS_VALUES.skin_shade, raw.skin_shade),
    estimate: false,
  };
}

interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** The mean colour of a box given in fractions of a `w`×`h` RGB raster. */
function mean(pixels: Buffer, w: number, h: number, box: [number, number, number, number]): Rgb {
  const [x0, y0, x1, y1] = [
    Math.floor(box[0] * w),
    Math.floor(box[1] * h),
    Math.ceil(box[2] * w),
    Math.ceil(box[3] * h),
  ];
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * w + x) * 3;
      r += pixels[i] ?? 0;
      g += pixels[i + 1] ?? 0;
      b += pixels[i + 2] ?? 0;
      n++;
    }
  }
  return n ? { r: r / n / 255, g: g / n / 255, b: b / n / 255 } : { r: 0, g: 0, b: 0 };
}

function hsv({ r, g, b }: Rgb): { h: number; s: number; v: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === r) h = 60 * (((g - b) / d) % 6);
    else if (max === g) h = 60 * ((b - r) / d + 2);
    else h = 60 * ((r - g) / d + 4);
  }
  return { h: (h + 360) % 360, s: max === 0 ? 0 : d / max, v: max };
}

/** The nearest hair colour of the list to a mean colour. */
export function hairColourOf(colour: Rgb): string {
  const { h, s, v } = hsv(colour);
  if (v < 0.22) return 'black';
  if (s < 0.2) return v > 0.7 ? 'blonde' : v < 0.35 ? 'black' : 'brown';
  if (h < 20 || h >= 345) return v > 0.45 && s > 0.45 ? 'red' : 'brown';
  if (h < 55) return v > 0.62 ? 'blonde' : s > 0.6 && v > 0.45 ? 'red' : 'brown';
  if (h < 165) return 'green';
  if (h < 255) return 'blue';
  if (h < 295) return 'purple';
  return 'pink';
}

/** The nearest skin shade of the list to a mean colour (by lightness). */
export function skinShadeOf(colour: Rgb): string {
  const light = 0.299 * colour.r + 0.587 * colour.g + 0.114 * colour.b;
  if (light > 0.72) return 'fair';
  if (light > 0.58) return 'golden_tan';
  if (light > 0.44) return 'tanned';
  return 'caramel';
}

/**
 * The offline adapter's honest estimate: the photo's colours where hair and a face usually are in a
 * portrait (the top band, the centre). It cannot count people or tell an age, nor see a hairstyle or a
 * figure: those are null, and the reading says it is an estimate.
 */
export async function estimateAppearance(image: Buffer): Promise<AppearanceReading> {
  const sharp = await loadSharp();
  const w = 24;
  const h = 32;
  const pixels = await sharp(image, { limitInputPixels: 4096 * 4096 })
    .rotate()
    .removeAlpha()
    .resize(w, h, { fit: 'fill' })
    .raw()
    .toBuffer();
  const hair = mean(pixels, w, h, [0.3, 0.02, 0.7, 0.16]);
  const skin = mean(pixels, w, h, [0.38, 0.3, 0.62, 0.46]);
  return {
    people: null,
    adult: null,
    hair_color: hairColourOf(hair),
    hairstyle: null,
    body_type: null,
    skin_shade: skinShadeOf(skin),
    estimate: true,
  };
}
