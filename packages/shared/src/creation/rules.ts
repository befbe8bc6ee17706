import type { HABITS } from './options.ts';

/** Numbers of the creation flow (001 §4, §5, §9). */
export const AGE_MIN = 18;
export const AGE_MAX = 70;
export const NAME_MAX = 30;
export const SLIDER_MIN = 0;
export const SLIDER_MAX = 100;
export const REGENERATE_LIMIT = 2;
export const IMAGE_WIDTH = 1024;
export const IMAGE_HEIGHT = 1024;
export const IMAGE_STEPS = 8;
export const FIRST_IMAGE_MODEL = 'qwen-image';
export const MIN_SPINNER_MS = 500;
export const EXIT_ANIMATION_MS = 300;
export const VALIDATION_TOAST_MS = 2_500;
export const DEFAULT_COMMUNICATION_STYLE = 50;
export const DEFAULT_MOOD = 'happy';
/** The index page sets sexuality to 70 when it is unset or 0. */
export const INDEX_DEFAULT_SEXUALITY = 70;
export const RANDOM_COMMUNICATION_STYLES = [20, 40, 50, 70, 90] as const;
/** Uploads of generated/initial images and avatars. */
export const CHARACTER_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Defaults applied on save when a personality field is unset (001 §4). */
export const RANDOM_DEFAULTS = {
  personality: 'wild',
  occupation: 'teacher',
  habit: 'kinky',
  language_style: 'vulgar',
  communication_style: 50,
  sexuality: 0,
  mood: 'playful',
  skin_shade: 'tanned',
  hairstyle: 'high ponytail',
} as const;

type HabitValue = (typeof HABITS)[number]['value'];

/** Sexuality slider → habit: 0–25 asexual, 26–50 romantic, 51–75 dominant, 76–100 nympho. */
export function habitForSexuality(sexuality: number): HabitValue {
  if (sexuality <= 25) return 'asexual';
  if (sexuality <= 50) return 'romantic';
  if (sexuality <= 75) return 'dominant';
  return 'nympho';
}

export function sexualityLabel(sexuality: number): string {
  if (sexuality <= 25) return 'Целомудренная';
  if (sexuality <= 50) return 'Сдержанная';
  if (sexuality <= 75) return 'Игривая';
  return 'Озабоченная';
}

export interface CommunicationStyleLabel {
  label: string;
  description: string;
}

export function communicationStyleLabel(value: number): CommunicationStyleLabel {
  if (value <= 20) return { label: 'Текст 80%', description: 'Почти всегда пишет, голосом — изредка' };
  if (value <= 40) return { label: 'Текст 60%', description: 'Чаще пишет, но иногда присылает голосовые' };
  if (value <= 60) return { label: '50/50', description: 'Пишет и говорит поровну' };
  if (value <= 80) return { label: 'Голос 60%', description: 'Любит голосовые, но и пишет охотно' };
  return { label: 'Голос 80%', description: 'Почти всегда отвечает голосом' };
}

/** Generation spinner size by window width (001 §2). */
export function spinnerSize(width: number): number {
  if (width <= 375) return 80;
  if (width <= 480) return 90;
  if (width <= 600) return 100;
  if (width <= 768) return 110;
  return 120;
}

/** Paywall contexts (001 §4). */
export const PAYWALL_CONTEXTS = ['guest_limit', 'free_limit', 'general'] as const;
export type PaywallContext = (typeof PAYWALL_CONTEXTS)[number];
