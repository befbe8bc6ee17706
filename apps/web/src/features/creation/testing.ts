import type { CharacterInput } from '@podruga/shared';
import { SAMPLE_COMPANION, SAMPLE_LOOKS } from '@podruga/shared/testing';

/** For the creation tests only: the shared sample looks, and the whole companion step two completes on them. */
export const LOOKS = SAMPLE_LOOKS;

export const COMPANION: CharacterInput = {
  id: '11111111-1111-4111-8111-111111111111',
  ...SAMPLE_COMPANION,
  img_gen_model: 'qwen-image',
};
