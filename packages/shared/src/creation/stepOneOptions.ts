/**
 * The option lists of the wizard's first step (001 §3), on `/`: value → Russian display. A module of
 * their own so the first page does not carry every other list (options.ts; DESIGN §8).
 */
export interface Option<V extends string = string> {
  value: V;
  label: string;
  description?: string;
}

export const ETHNICITIES = [
  { value: 'caucasian', label: 'Белая' },
  { value: 'black', label: 'Черная' },
  { value: 'asian', label: 'Азиатка' },
  { value: 'latina', label: 'Латина' },
] as const satisfies readonly Option[];

/** Stored in the draft's `voice` field in the original; we call it what it is. */
export const HAIR_COLORS = [
  { value: 'blonde', label: 'Блондинка' },
  { value: 'brunette', label: 'Брюнетка' },
  { value: 'black', label: 'Черный' },
  { value: 'red', label: 'Рыжий' },
  { value: 'pink', label: 'Розовый' },
  { value: 'blue', label: 'Синий' },
  { value: 'purple', label: 'Фиолетовый' },
] as const satisfies readonly Option[];

export const BODY_TYPES = [
  { value: 'fit', label: 'Спортивное' },
  { value: 'slim', label: 'Стройное' },
  { value: 'curvy', label: 'Фигуристое' },
  { value: 'fat', label: 'Пышное' },
] as const satisfies readonly Option[];

export const BREAST_SIZES = [
  { value: 'small', label: 'Маленькая' },
  { value: 'medium', label: 'Средняя' },
  { value: 'large', label: 'Большая' },
  { value: 'huge', label: 'Огромная' },
] as const satisfies readonly Option[];

export const BUTT_SHAPES = [
  { value: 'fit', label: 'Спортивная' },
  { value: 'small', label: 'Маленькая' },
  { value: 'medium', label: 'Средняя' },
  { value: 'large', label: 'Большая' },
] as const satisfies readonly Option[];

export const TEMPERAMENTS = [
  { value: 'sanguine', label: 'Сангвиник', description: 'Живая, общительная, быстро загорается новым' },
  {
    value: 'choleric',
    label: 'Холерик',
    description: 'Страстная и вспыльчивая, всё чувствует в полную силу',
  },
  {
    value: 'phlegmatic',
    label: 'Флегматик',
    description: 'Невозмутимая, надёжная, её трудно вывести из себя',
  },
  { value: 'melancholic', label: 'Меланхолик', description: 'Чуткая и ранимая, тонко чувствует настроение' },
  {
    value: 'impulsive',
    label: 'Импульсивная',
    description: 'Сначала делает, потом думает — с ней не скучно',
  },
  { value: 'calm', label: 'Спокойная', description: 'Мягкая и уравновешенная, рядом с ней легко' },
  { value: 'sensual', label: 'Чувственная', description: 'Ценит прикосновения, взгляды и атмосферу' },
  { value: 'rational', label: 'Рациональная', description: 'Умная и собранная, любит ясность во всём' },
] as const satisfies readonly Option[];
