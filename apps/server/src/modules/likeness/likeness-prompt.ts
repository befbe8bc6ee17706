import type { BasicGenerateBody } from '@podruga/shared';
import type { PortraitTraits } from '../../providers/image/port.ts';
import { buildPortraitPrompt, type PortraitPrompt } from '../characters/portrait-prompt.ts';

/**
 * The previews' prompt: the form's traits only (001 §7 basic-generate: age, ethnicity, hair colour,
 * hairstyle, body type, breast size, skin shade), never the photo and never the user's free text
 * (DESIGN §6). Always an adult woman: the companions' portrait prompt, with its negative prompt.
 */
export function likenessTraits(body: BasicGenerateBody): PortraitTraits {
  return {
    age: body.age,
    ethnicity: body.ethnicity,
    hair_color: body.hair_color,
    hairstyle: body.hairstyle,
    skin_shade: body.skin_shade,
    body_type: body.body_type,
    breast_size: body.breast_size,
    butt: body.butt ?? 'medium',
    occupation: 'office',
  };
}

export function buildLikenessPrompt(body: BasicGenerateBody): PortraitPrompt {
  return buildPortraitPrompt(likenessTraits(body));
}
