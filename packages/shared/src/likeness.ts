import { AGE_MAX, AGE_MIN } from './creation/rules.ts';
import { LIKENESS_VALUES, type LikenessSelect } from './likenessOptions.ts';

/**
 * Creation by likeness (`/ex`, `/exgenerate`; 001 §2–§5, §7–§9), as DESIGN §6 adapts it: the photo only
 * suggests generic appearance fields, must show one adult, is never stored and never an input to image
 * or video generation. The option lists are in likenessOptions.ts.
 */

/** The fields the photo may suggest (DESIGN §6: generic appearance only). */
export const SUGGESTED_FIELDS = ['hair_color', 'hairstyle', 'body_type', 'skin_shade'] as const;
export type SuggestedField = (typeof SUGGESTED_FIELDS)[number];

/** 001 §5, §9. */
export const LIKENESS_RULES = {
  photoMaxBytes: 5_000_000,
  photoMinPx: 200,
  photoExtensions: ['jpg', 'jpeg', 'png'],
  photoTypes: ['image/jpeg', 'image/png'],
  descriptionMin: 20,
  descriptionMax: 1000,
  defaultAge: 25,
  /** 001 §2: the page goes to /exgenerate 1 s after preparing; the chat opens 1 s after choosing. */
  navigateDelayMs: 1000,
  /** Previews generated from the traits (one basic-generate call). */
  previewCount: 3,
  /** 001 §9: qwen-image, shown to users as Pony Realism. */
  imageModel: 'qwen-image',
  imageModelDisplay: 'Pony Realism',
  /** The llm/process prompt. */
  promptMax: 2000,
} as const;

/** A preset first name for the name field (001 §2 "name (with a preset first name)"). */
export const LIKENESS_PRESET_NAMES = ['Анна', 'Мария', 'Елена', 'Дарья', 'Алина', 'Виктория', 'Полина'];

/** Every Russian text of the likeness pages and routes. */
export const LIKENESS_TEXTS = {
  title: 'Создание по образу',
  subtitle: 'Загрузите фото и опишите её — мы предложим общие черты внешности, а подругу нарисуем заново.',
  /** DESIGN §6, the one plain sentence. */
  photoPromise:
    'Фото нужно только чтобы предложить общие черты внешности (цвет волос, причёску, телосложение, оттенок кожи): мы его не сохраняем и никогда не используем для создания изображений.',
  photoLabel: 'Фото',
  photoButton: 'Выбрать фото',
  photoHint: 'JPG или PNG, до 5 МБ, не меньше 200×200 пикселей. На фото — один взрослый человек.',
  analyzing: 'Смотрим на фото…',
  suggestionsApplied: 'Мы заполнили поля по фото — проверьте и поправьте любое из них.',
  estimateNote:
    'Это приблизительная оценка по цветам фото (демо-режим без модели распознавания): проверьте поля.',
  nameLabel: 'Имя',
  ageLabel: 'Возраст',
  descriptionLabel: 'Описание',
  descriptionPlaceholder: 'Какая она: характер, привычки, как вы познакомились, о чём любите говорить…',
  selectLabels: {
    ethnicity: 'Национальность',
    body_type: 'Телосложение',
    breast_size: 'Размер груди',
    butt: 'Форма попы',
    skin_shade: 'Оттенок кожи',
    hair_color: 'Цвет волос',
    hairstyle: 'Прическа',
  } satisfies Record<LikenessSelect, string>,
  tipsTitle: 'Советы',
  tips: [
    'Фото при хорошем освещении, лицо и волосы хорошо видно.',
    'Только один человек на фото, и он взрослый.',
    'В описании расскажите о характере и общих воспоминаниях, а не о внешности знаменитостей.',
    'Любое поле можно изменить — подсказки по фото лишь отправная точка.',
  ],
  progressLabel: 'Заполнено',
  create: 'Создать подругу',
  preparing: 'Готовим подругу…',
  prepared: 'Готово! Показываем портреты…',
  formInvalid: 'Пожалуйста, заполните все обязательные поля',
  prepareFailed: 'Произошла ошибка при подготовке подруги',
  llmFailed: 'Ошибка при обработке описания подруги',
  previewsFailed: 'Не удалось создать превью',
  selectFailed: 'Не удалось выбрать изображение',
  noImageSelected: 'Выберите изображение',
  generateTitle: 'Выберите, какой будет она',
  generateHint: 'Эти портреты нарисованы по выбранным чертам, а не по фото.',
  choose: 'Выбрать и начать общение',
  creating: 'Создаём подругу…',
  created: 'Подруга создана! Открываем чат…',
  nothingPrepared: 'Сначала заполните форму создания по образу.',
  backToForm: 'К форме',
  aiNotesTitle: 'Подсказка от ИИ',
  upsellTitle: 'Создание по образу — в Plus',
  upsellText: 'Создание бывшей доступно только для Plus пользователей',
  upsellBack: 'Назад',
  upsellUpgrade: 'Улучшить до Plus',
  /** Server: 401 for guests (000 §5 "Authentication required for ex character creation"). */
  authRequired: 'Войдите в аккаунт, чтобы создать подругу по образу',
  /** Server: 403 for accounts without active Plus (001 §5). */
  plusRequired: 'Создание бывшей доступно только для Plus пользователей',
  /** The vision check: not exactly one adult on the photo. */
  refusedNoPerson: 'На фото не видно человека. Загрузите фото, где хорошо видно одного взрослого человека.',
  refusedSeveral: 'На фото несколько человек. Загрузите фото, где только один взрослый человек.',
  refusedMinor:
    'Похоже, на фото несовершеннолетний. Создание по образу возможно только по фото взрослого человека.',
  refusedUnsure:
    'Не удалось убедиться, что на фото один взрослый человек. Загрузите другое фото или заполните поля вручную.',
  visionUnavailable: 'Не удалось проанализировать фото. Заполните поля вручную или попробуйте позже.',
  previewTokenInvalid: 'Это изображение не из созданных превью. Выберите одно из предложенных.',
  selected: 'Изображение выбрано',
} as const;

/** The spec's English server texts (000 §5), sent beside the Russian `detail` as `message`. */
export const LIKENESS_SPEC_ERRORS = {
  auth: 'Authentication required for ex character creation',
  plus: 'Plus membership required for ex character creation',
} as const;

/** llm/process fallbacks (001 §7). */
export const LLM_PROCESS_FALLBACKS = {
  image_prompt: 'No visual enhancements suggested.',
  character_prompt: 'No character enhancements suggested.',
} as const;
export type LlmTaskType = keyof typeof LLM_PROCESS_FALLBACKS;

/** 001 §5, the photo's messages. */
export const LIKENESS_PHOTO_MESSAGES = {
  unsupported: 'Неподдерживаемый формат файла',
  tooLarge: 'Файл слишком большой (максимум 5MB)',
  unreadable: 'Файл не может быть загружен',
  tooSmall: 'Изображение слишком маленькое. Минимум 200x200 пикселей.',
  required: 'Фото обязательно',
} as const;

/** 001 §5, the form's messages. */
export const LIKENESS_FORM_MESSAGES = {
  photo: LIKENESS_PHOTO_MESSAGES.required,
  name: 'Имя обязательно',
  ageRequired: 'Возраст обязателен',
  ageMin: 'Должно быть 18+',
  ageMax: 'Не более 70',
  ethnicity: 'Выберите национальность',
  body_type: 'Выберите телосложение',
  breast_size: 'Выберите размер',
  butt: 'Выберите размер',
  skin_shade: 'Выберите оттенок',
  hair_color: 'Выберите цвет волос',
  hairstyle: 'Выберите прическу',
  descriptionRequired: 'Описание обязательно',
  descriptionShort: 'Минимум 20 символов для хорошего описания',
} as const;

/** The form as the page holds it; empty strings and nulls are unset. */
export interface LikenessFormValues {
  photo: boolean;
  name: string;
  age: number | null;
  ethnicity: string;
  body_type: string;
  breast_size: string;
  butt: string;
  skin_shade: string;
  hair_color: string;
  hairstyle: string;
  description: string;
}

/** The form's fields in the page's (and the messages') order. */
export const LIKENESS_FIELDS = [
  'photo',
  'name',
  'age',
  'ethnicity',
  'body_type',
  'breast_size',
  'butt',
  'skin_shade',
  'hair_color',
  'hairstyle',
  'description',
] as const satisfies readonly (keyof LikenessFormValues)[];
export type LikenessField = (typeof LIKENESS_FIELDS)[number];

const isOption = (field: LikenessSelect, value: string) =>
  (LIKENESS_VALUES[field] as readonly string[]).includes(value);

/** One field's message, or null when it is fine (001 §5). */
export function likenessFieldError(field: LikenessField, v: LikenessFormValues): string | null {
  switch (field) {
    case 'photo':
      return v.photo ? null : LIKENESS_FORM_MESSAGES.photo;
    case 'name':
      return v.name.trim() ? null : LIKENESS_FORM_MESSAGES.name;
    case 'age':
      if (v.age === null || Number.isNaN(v.age)) return LIKENESS_FORM_MESSAGES.ageRequired;
      if (v.age < AGE_MIN) return LIKENESS_FORM_MESSAGES.ageMin;
      if (v.age > AGE_MAX) return LIKENESS_FORM_MESSAGES.ageMax;
      return null;
    case 'description': {
      const text = v.description.trim();
      if (!text) return LIKENESS_FORM_MESSAGES.descriptionRequired;
      return text.length < LIKENESS_RULES.descriptionMin ? LIKENESS_FORM_MESSAGES.descriptionShort : null;
    }
    default:
      return isOption(field, v[field]) ? null : LIKENESS_FORM_MESSAGES[field];
  }
}

/** Every failing field with its message, in the form's order (the first is where the page scrolls). */
export function validateLikenessForm(
  v: LikenessFormValues,
): Array<{ field: LikenessField; message: string }> {
  const failures: Array<{ field: LikenessField; message: string }> = [];
  for (const field of LIKENESS_FIELDS) {
    const message = likenessFieldError(field, v);
    if (message) failures.push({ field, message });
  }
  return failures;
}

/** 001 §4: the share of the 11 checks satisfied, 0–100 (rounded). */
export function likenessCompletion(v: LikenessFormValues): number {
  const done = LIKENESS_FIELDS.filter((f) => likenessFieldError(f, v) === null).length;
  return Math.round((done / LIKENESS_FIELDS.length) * 100);
}

export type ProgressTone = 'negative' | 'warning' | 'info' | 'positive';

/** 001 §4: under 33 negative, under 66 warning, under 100 info, 100 positive. */
export function likenessProgressTone(percent: number): ProgressTone {
  if (percent < 33) return 'negative';
  if (percent < 66) return 'warning';
  if (percent < 100) return 'info';
  return 'positive';
}

/** The tones as the theme's colours (red, yellow, blue, green). */
export const PROGRESS_TONE_COLORS: Record<ProgressTone, string> = {
  negative: 'red',
  warning: 'yellow',
  info: 'blue',
  positive: 'green',
};

/**
 * The photo's own checks before it is sent (001 §5): the type by name or MIME type, the size, then
 * (the caller measures it) the dimensions. The server checks the bytes again.
 */
export function likenessPhotoError(file: { name: string; type: string; size: number }): string | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const typeOk =
    (LIKENESS_RULES.photoTypes as readonly string[]).includes(file.type) ||
    (!file.type && (LIKENESS_RULES.photoExtensions as readonly string[]).includes(ext));
  if (!typeOk) return LIKENESS_PHOTO_MESSAGES.unsupported;
  if (file.size > LIKENESS_RULES.photoMaxBytes) return LIKENESS_PHOTO_MESSAGES.tooLarge;
  if (file.size === 0) return LIKENESS_PHOTO_MESSAGES.unreadable;
  return null;
}

export function likenessDimensionsError(width: number, height: number): string | null {
  return width < LIKENESS_RULES.photoMinPx || height < LIKENESS_RULES.photoMinPx
    ? LIKENESS_PHOTO_MESSAGES.tooSmall
    : null;
}
