/**
 * Companion option lists (001 §3): value → Russian display. The values are what the API stores and
 * validates; the labels are what the wizard shows. Texts the spec names are its own; the rest are ours
 * in the same voice. The first step's lists are in stepOneOptions.ts.
 */
import { LIKENESS_LABEL_LISTS } from '../likenessOptions.ts';
import {
  BODY_TYPES,
  BREAST_SIZES,
  BUTT_SHAPES,
  ETHNICITIES,
  HAIR_COLORS,
  type Option,
  TEMPERAMENTS,
} from './stepOneOptions.ts';

function values<const T extends readonly Option[]>(list: T): { [K in keyof T]: T[K]['value'] } {
  return list.map((o) => o.value) as { [K in keyof T]: T[K]['value'] };
}

/** 001 §3: the first two ids are shown with swapped-looking names in the original; kept as the spec says. */
export const PERSONALITIES = [
  { value: 'Sweet_Fool', label: 'Заботливая', description: 'Нежная, внимательная, всегда рядом' },
  { value: 'supportive', label: 'Глупышка', description: 'Наивная и смешная, радуется мелочам' },
  {
    value: 'seductress',
    label: 'Соблазнительница',
    description: 'Знает, чего хочет, и умеет этого добиться',
  },
  { value: 'foxy', label: 'Лисичка', description: 'Хитрая, игривая, любит дразнить' },
  { value: 'provocateur', label: 'Провокаторша', description: 'Смелые вопросы и ещё более смелые ответы' },
  { value: 'mentor', label: 'Наставница', description: 'Опытная, мудрая, подскажет и поддержит' },
  { value: 'ice_queen', label: 'Снежная королева', description: 'Холодная снаружи, горячая внутри' },
  { value: 'wild', label: 'Дикарка', description: 'Никаких правил, только эмоции' },
] as const satisfies readonly Option[];

export const OCCUPATIONS = [
  { value: 'actress', label: 'Актриса' },
  { value: 'barman', label: 'Барменша' },
  { value: 'rusmob', label: 'Бандитка' },
  { value: 'physicist', label: 'Физик' },
  { value: 'secretary', label: 'Секретарша' },
  { value: 'teacher', label: 'Учительница' },
  { value: 'hacker', label: 'Хакерша' },
  { value: 'chef', label: 'Шеф-повар' },
] as const satisfies readonly Option[];

export const HABITS = [
  { value: 'asexual', label: 'Асексуальная' },
  { value: 'shy', label: 'Стеснительная' },
  { value: 'submissive', label: 'Покорная' },
  { value: 'romantic', label: 'Романтичная' },
  { value: 'mature', label: 'Опытная' },
  { value: 'dominant', label: 'Доминантная' },
  { value: 'kinky', label: 'Раскрепощённая' },
  { value: 'nympho', label: 'Ненасытная' },
] as const satisfies readonly Option[];

export const LANGUAGE_STYLES = [
  { value: 'casual', label: 'Непринуждённая', description: 'Просто и по-дружески' },
  { value: 'vulgar', label: 'Дерзкая', description: 'Без фильтров и стеснения' },
  { value: 'poetic', label: 'Поэтичная', description: 'Красиво, образно, с чувством' },
  { value: 'techy', label: 'Гиковская', description: 'Мемы, сленг и технологии' },
] as const satisfies readonly Option[];

/** The list the personality page offers; `playful` and `happy` also occur as defaults (001 §3). */
export const MOODS = [
  { value: 'joyful', label: 'Радостное' },
  { value: 'calm', label: 'Спокойное' },
  { value: 'sarcastic', label: 'Саркастичное' },
  { value: 'thoughtful', label: 'Задумчивое' },
] as const satisfies readonly Option[];
export const DEFAULT_MOODS = [
  { value: 'playful', label: 'Игривое' },
  { value: 'happy', label: 'Весёлое' },
] as const satisfies readonly Option[];

export const HAIRSTYLES = [
  { value: 'undercut pixie-bob', label: 'Пикси-боб с андеркатом' },
  { value: 'pixie cut', label: 'Пикси' },
  { value: 'bob cut', label: 'Боб' },
  { value: 'blunt bangs', label: 'Прямая чёлка' },
  { value: 'french twist', label: 'Французская ракушка' },
  { value: 'high ponytail', label: 'Высокий хвост' },
  { value: 'dutch braid', label: 'Голландская коса' },
  { value: 'messy buns', label: 'Небрежные пучки' },
  { value: 'shag cut', label: 'Шэг' },
  { value: 'chignon', label: 'Шиньон' },
] as const satisfies readonly Option[];

export const SKIN_SHADES = [
  { value: 'fair', label: 'Светлая' },
  { value: 'golden tan', label: 'Золотистая' },
  { value: 'caramel', label: 'Карамельная' },
  { value: 'tanned', label: 'Загорелая' },
] as const satisfies readonly Option[];

export const IMAGE_MODELS = [
  { value: 'qwen-image', label: 'Qwen Image' },
  { value: 'lustify-sdxl', label: 'Lustify SDXL' },
] as const satisfies readonly Option[];

/** Every mood a companion may have: the page's four and the two defaults. */
export const ALL_MOODS = [...MOODS, ...DEFAULT_MOODS] as const;

/** The list each option trait (by its wire name) takes its values and Russian labels from. */
export const TRAIT_OPTIONS = {
  ethnicity: ETHNICITIES,
  hair_color: HAIR_COLORS,
  body_type: BODY_TYPES,
  breast_size: BREAST_SIZES,
  butt: BUTT_SHAPES,
  temperament: TEMPERAMENTS,
  personality: PERSONALITIES,
  occupation: OCCUPATIONS,
  habit: HABITS,
  language_style: LANGUAGE_STYLES,
  mood: ALL_MOODS,
  hairstyle: HAIRSTYLES,
  skin_shade: SKIN_SHADES,
  img_gen_model: IMAGE_MODELS,
} as const satisfies Record<string, readonly Option[]>;
export type OptionTrait = keyof typeof TRAIT_OPTIONS;

export const ETHNICITY_VALUES = values(ETHNICITIES);
export const HAIR_COLOR_VALUES = values(HAIR_COLORS);
export const BODY_TYPE_VALUES = values(BODY_TYPES);
export const BREAST_SIZE_VALUES = values(BREAST_SIZES);
export const BUTT_SHAPE_VALUES = values(BUTT_SHAPES);
export const TEMPERAMENT_VALUES = values(TEMPERAMENTS);
export const PERSONALITY_VALUES = values(PERSONALITIES);
export const OCCUPATION_VALUES = values(OCCUPATIONS);
export const HABIT_VALUES = values(HABITS);
export const LANGUAGE_STYLE_VALUES = values(LANGUAGE_STYLES);
export const MOOD_VALUES = values(ALL_MOODS);
export const HAIRSTYLE_VALUES = values(HAIRSTYLES);
export const SKIN_SHADE_VALUES = values(SKIN_SHADES);
export const IMAGE_MODEL_VALUES = values(IMAGE_MODELS);

/** The display label of a value in a list, or the value itself when it is not there. */
export function optionLabel(list: readonly Option[], value: string | null | undefined): string {
  return list.find((o) => o.value === value)?.label ?? value ?? '';
}

/**
 * The Russian label of a trait's value ('red' hair → 'Рыжий'), from the wizard's list, else the likeness
 * form's, else the value itself.
 */
export function traitLabel(trait: OptionTrait, value: string | null | undefined): string {
  const label = optionLabel(TRAIT_OPTIONS[trait], value);
  // An ex companion keeps the likeness form's values (001 §3), which have their own labels.
  const likeness = label === value ? LIKENESS_LABEL_LISTS[trait] : undefined;
  return likeness ? optionLabel(likeness, value) : label;
}
