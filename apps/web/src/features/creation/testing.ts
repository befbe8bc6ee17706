import type { CharacterInput, GenerateImageBody } from '@podruga/shared';

/**
 * For the creation tests only: her looks as a portrait request carries them (001 §3), and the whole
 * companion step two completes on those looks. One fixture, so a field added to the contract is added once.
 */
export const LOOKS = {
  age: 25,
  ethnicity: 'asian',
  hair_color: 'red',
  body_type: 'fit',
  breast_size: 'small',
  butt: 'fit',
  skin_shade: 'fair',
  hairstyle: 'bob cut',
} as const satisfies GenerateImageBody;

export const COMPANION: CharacterInput = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Алиса',
  ...LOOKS,
  personality: 'wild',
  occupation: 'chef',
  habit: 'shy',
  language_style: 'poetic',
  communication_style: 50,
  sexuality: 40,
  mood: 'calm',
  img_gen_model: 'qwen-image',
};
