import type { Option } from './creation/stepOneOptions.ts';

/**
 * The likeness form's option lists (001 §3 "Likeness form option values") with Russian labels: a list of
 * their own, not the wizard's. A module apart from likeness.ts, so the wizard's option labels
 * (creation/options.ts, `traitLabel`) carry only these lists, not the likeness pages' texts.
 */
export const LIKENESS_ETHNICITIES = [
  { value: 'caucasian', label: 'Европейская' },
  { value: 'asian', label: 'Азиатская' },
  { value: 'indian', label: 'Индийская' },
  { value: 'middle_eastern', label: 'Ближневосточная' },
  { value: 'african', label: 'Африканская' },
  { value: 'hispanic', label: 'Латиноамериканская' },
] as const satisfies readonly Option[];

export const LIKENESS_BODY_TYPES = [
  { value: 'thin', label: 'Худощавое' },
  { value: 'athletic', label: 'Спортивное' },
  { value: 'average', label: 'Среднее' },
  { value: 'curvy', label: 'Фигуристое' },
] as const satisfies readonly Option[];

export const LIKENESS_BREAST_SIZES = [
  { value: 'small', label: 'Маленькая' },
  { value: 'medium', label: 'Средняя' },
  { value: 'large', label: 'Большая' },
  { value: 'huge', label: 'Огромная' },
] as const satisfies readonly Option[];

export const LIKENESS_BUTTS = [
  { value: 'fit', label: 'Спортивная' },
  { value: 'small', label: 'Маленькая' },
  { value: 'medium', label: 'Средняя' },
  { value: 'large', label: 'Большая' },
] as const satisfies readonly Option[];

export const LIKENESS_SKIN_SHADES = [
  { value: 'fair', label: 'Светлая' },
  { value: 'golden_tan', label: 'Золотистая' },
  { value: 'caramel', label: 'Карамельная' },
  { value: 'tanned', label: 'Загорелая' },
] as const satisfies readonly Option[];

export const LIKENESS_HAIR_COLORS = [
  { value: 'blonde', label: 'Светлые' },
  { value: 'brown', label: 'Каштановые' },
  { value: 'black', label: 'Чёрные' },
  { value: 'red', label: 'Рыжие' },
  { value: 'blue', label: 'Синие' },
  { value: 'pink', label: 'Розовые' },
  { value: 'purple', label: 'Фиолетовые' },
  { value: 'green', label: 'Зелёные' },
] as const satisfies readonly Option[];

export const LIKENESS_HAIRSTYLES = [
  { value: 'undercut_pixie_bob', label: 'Пикси-боб с андеркатом' },
  { value: 'pixie_cut', label: 'Пикси' },
  { value: 'bob_cut', label: 'Боб' },
  { value: 'blunt_bangs', label: 'Прямая чёлка' },
  { value: 'french_twist', label: 'Французская ракушка' },
  { value: 'high_ponytail', label: 'Высокий хвост' },
  { value: 'dutch_braid', label: 'Голландская коса' },
  { value: 'messy_buns', label: 'Небрежные пучки' },
  { value: 'shag_cut', label: 'Шэг' },
  { value: 'chignon', label: 'Шиньон' },
  { value: 'long', label: 'Длинные распущенные' },
] as const satisfies readonly Option[];

/** The fixed personality the spec's payload adds to an ex companion (001 §3), with labels for the chat. */
export const LIKENESS_PERSONALITY = [{ value: 'flirty', label: 'Кокетливая' }] as const;
export const LIKENESS_OCCUPATION = [{ value: 'office', label: 'Офисная сотрудница' }] as const;
export const LIKENESS_HABIT = [{ value: 'adventurous', label: 'Любит приключения' }] as const;

export const LIKENESS_FIXED = {
  personality: 'flirty',
  occupation: 'office',
  habit: 'adventurous',
  language_style: 'casual',
  communication_style: 50,
  mood: 'playful',
  sexuality: 70,
} as const;

/** The form's option lists by wire name (the dropdowns, in the form's order). */
export const LIKENESS_OPTIONS = {
  ethnicity: LIKENESS_ETHNICITIES,
  body_type: LIKENESS_BODY_TYPES,
  breast_size: LIKENESS_BREAST_SIZES,
  butt: LIKENESS_BUTTS,
  skin_shade: LIKENESS_SKIN_SHADES,
  hair_color: LIKENESS_HAIR_COLORS,
  hairstyle: LIKENESS_HAIRSTYLES,
} as const;
export type LikenessSelect = keyof typeof LIKENESS_OPTIONS;

type ValuesOf<L extends readonly Option[]> = L[number]['value'];
const values = <L extends readonly Option[]>(list: L) =>
  list.map((o) => o.value) as unknown as readonly [ValuesOf<L>, ...ValuesOf<L>[]];

export const LIKENESS_VALUES = {
  ethnicity: values(LIKENESS_ETHNICITIES),
  body_type: values(LIKENESS_BODY_TYPES),
  breast_size: values(LIKENESS_BREAST_SIZES),
  butt: values(LIKENESS_BUTTS),
  skin_shade: values(LIKENESS_SKIN_SHADES),
  hair_color: values(LIKENESS_HAIR_COLORS),
  hairstyle: values(LIKENESS_HAIRSTYLES),
} as const;

/** The likeness lists a stored ex companion's trait may take its label from (after the wizard's). */
export const LIKENESS_LABEL_LISTS: Record<string, readonly Option[]> = {
  ...LIKENESS_OPTIONS,
  personality: LIKENESS_PERSONALITY,
  occupation: LIKENESS_OCCUPATION,
  habit: LIKENESS_HABIT,
};
