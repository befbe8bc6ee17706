import type { CharacterInput, GenerateImageBody, User } from './index.ts';

/**
 * Test fixtures shared by the packages' tests (import from '@podruga/shared/testing'; never from app
 * code). Her looks as a portrait request carries them (001 §3), and a whole companion on those looks,
 * so a field added to the contract is added to the fixtures once.
 */
export const SAMPLE_LOOKS = {
  age: 25,
  ethnicity: 'asian',
  hair_color: 'red',
  body_type: 'fit',
  breast_size: 'small',
  butt: 'fit',
  skin_shade: 'fair',
  hairstyle: 'bob cut',
} as const satisfies GenerateImageBody;

export const SAMPLE_COMPANION = {
  name: 'Алиса',
  ...SAMPLE_LOOKS,
  personality: 'wild',
  occupation: 'chef',
  habit: 'shy',
  language_style: 'poetic',
  communication_style: 50,
  sexuality: 40,
  mood: 'calm',
} as const satisfies Omit<CharacterInput, 'id'>;

/** A registered member on the free tier, e-mail not confirmed yet; spread it and change what a test needs. */
export const SAMPLE_USER: User = {
  id: 'u1',
  name: 'Аня',
  email: 'anya@example.ru',
  membership_type: 'free',
  membership_expiry: null,
  vip_expiry: null,
  email_verified: false,
  is_pwa_user: false,
  first_chat: false,
  is_active: true,
  adult_confirmed: true,
  created_at: '2026-11-01T10:00:00Z',
};
