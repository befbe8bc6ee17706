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

/** The step-one age field's line in the toast, with its bounds. */
const STEP_ONE_AGE_LABEL = `Возраст (от ${AGE_MIN} до ${AGE_MAX})`;

/**
 * Missing step-one fields (the checks of 001 §5), named by the labels the page shows and in the page's
 * order, so the toast points at what the user sees: hair colour is "Цвет волос" (the spec's toast said
 * "Voice/Accent" for the draft's `voice` key, which holds the hair colour).
 */
export function missingStepOne(d: StepOneDraft): string[] {
  const ageOk = typeof d.age === 'number' && Number.isInteger(d.age) && d.age >= AGE_MIN && d.age <= AGE_MAX;
  const checks: Array<[boolean, string]> = [
    [!!d.name?.trim(), 'Имя'],
    [ageOk, STEP_ONE_AGE_LABEL],
    [!!d.body_type, 'Телосложение'],
    [!!d.breast_size, 'Размер груди'],
    [!!d.butt, 'Форма попы'],
    [!!d.ethnicity, 'Национальность'],
    [!!d.hair_color, 'Цвет волос'],
  ];
  return checks.filter(([ok]) => !ok).map(([, label]) => label);
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
