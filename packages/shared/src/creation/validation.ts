import { AGE_MAX, AGE_MIN } from './rules.ts';

/** 001 §5: the wizard's validation toast. */
export const VALIDATION_TOAST_TITLE = 'Форма валидации требуется';
export const PERSONALITY_MISSING_CAPTION = 'Пожалуйста, заполните следующие обязательные поля: {list}';

export interface StepOneDraft {
  name?: string | null;
  age?: number | null;
  ethnicity?: string | null;
  hair_color?: string | null;
  body_type?: string | null;
  breast_size?: string | null;
  butt?: string | null;
}

/** Missing step-one fields, in the spec's order and with its names (001 §5). */
export function missingStepOne(d: StepOneDraft): string[] {
  const missing: string[] = [];
  if (!d.name?.trim()) missing.push('Name');
  if (typeof d.age !== 'number' || !Number.isInteger(d.age) || d.age < AGE_MIN || d.age > AGE_MAX)
    missing.push('Age (must be 18-70)');
  if (!d.ethnicity) missing.push('Ethnicity');
  if (!d.hair_color) missing.push('Voice/Accent');
  if (!d.body_type) missing.push('Body type');
  if (!d.breast_size) missing.push('Breast size');
  if (!d.butt) missing.push('Butt shape');
  return missing;
}

export interface PersonalityDraft {
  personality?: string | null;
  occupation?: string | null;
  habit?: string | null;
  language_style?: string | null;
  mood?: string | null;
  hairstyle?: string | null;
  skin_shade?: string | null;
}

/** Missing personality-page fields with their Russian names (001 §5). */
export function missingPersonality(d: PersonalityDraft): string[] {
  const fields: Array<[keyof PersonalityDraft, string]> = [
    ['personality', 'Характер'],
    ['occupation', 'Профессия'],
    ['habit', 'Сексуальные привычки'],
    ['language_style', 'Манера речи'],
    ['mood', 'Преобладающее настроение'],
    ['hairstyle', 'Прическа'],
    ['skin_shade', 'Оттенок кожи'],
  ];
  return fields.filter(([key]) => !d[key]).map(([, label]) => label);
}
