import { z } from 'zod';
import {
  BODY_TYPE_VALUES,
  BREAST_SIZE_VALUES,
  BUTT_SHAPE_VALUES,
  ETHNICITY_VALUES,
  HABIT_VALUES,
  HAIR_COLOR_VALUES,
  HAIRSTYLE_VALUES,
  IMAGE_MODEL_VALUES,
  LANGUAGE_STYLE_VALUES,
  MOOD_VALUES,
  OCCUPATION_VALUES,
  PERSONALITY_VALUES,
  SKIN_SHADE_VALUES,
  TEMPERAMENT_VALUES,
} from '../creation/options.ts';
import {
  AGE_MAX,
  AGE_MIN,
  IMAGE_HEIGHT,
  IMAGE_STEPS,
  IMAGE_WIDTH,
  NAME_MAX,
  PAYWALL_CONTEXTS,
  RANDOM_DEFAULTS,
  SLIDER_MAX,
  SLIDER_MIN,
} from '../creation/rules.ts';
import { oneLine } from '../validation/one-line.ts';
import { orEmpty } from '../validation/schema.ts';

/** An option list as a zod enum with a Russian message naming the field. */
function choice<const T extends readonly [string, ...string[]]>(values: T, field: string) {
  return z.enum(values, { error: `Выберите значение поля «${field}» из списка` });
}

const slider = (field: string) =>
  z
    .number({ error: `Поле «${field}» должно быть числом от ${SLIDER_MIN} до ${SLIDER_MAX}` })
    .int({ error: `Поле «${field}» должно быть целым числом` })
    .min(SLIDER_MIN, { error: `Поле «${field}» должно быть от ${SLIDER_MIN} до ${SLIDER_MAX}` })
    .max(SLIDER_MAX, { error: `Поле «${field}» должно быть от ${SLIDER_MIN} до ${SLIDER_MAX}` });

export const ageSchema = z
  .number({ error: `Возраст должен быть числом от ${AGE_MIN} до ${AGE_MAX}` })
  .int({ error: 'Возраст должен быть целым числом' })
  .min(AGE_MIN, { error: `Подруге должно быть не меньше ${AGE_MIN} лет` })
  .max(AGE_MAX, { error: `Подруге должно быть не больше ${AGE_MAX} лет` });

/** Appearance fields shared by the character and the portrait request. */
export const appearanceShape = {
  age: ageSchema,
  ethnicity: choice(ETHNICITY_VALUES, 'Национальность'),
  hair_color: choice(HAIR_COLOR_VALUES, 'Цвет волос'),
  body_type: choice(BODY_TYPE_VALUES, 'Телосложение'),
  breast_size: choice(BREAST_SIZE_VALUES, 'Размер груди'),
  butt: choice(BUTT_SHAPE_VALUES, 'Форма попы'),
  skin_shade: choice(SKIN_SHADE_VALUES, 'Оттенок кожи'),
  hairstyle: choice(HAIRSTYLE_VALUES, 'Прическа'),
} as const;

/** A companion's own fields (001 §3 "Character payload on creation"), as created and as changed. */
const characterShape = {
  name: oneLine(
    z
      .string({ error: 'Укажите имя подруги' })
      .trim()
      .min(1, { error: 'Укажите имя подруги' })
      .max(NAME_MAX, { error: `Имя подруги должно быть не длиннее ${NAME_MAX} символов` }),
  ),
  ...appearanceShape,
  personality: choice(PERSONALITY_VALUES, 'Характер'),
  occupation: choice(OCCUPATION_VALUES, 'Профессия'),
  habit: choice(HABIT_VALUES, 'Сексуальные привычки'),
  language_style: choice(LANGUAGE_STYLE_VALUES, 'Манера речи'),
  communication_style: slider('Стиль общения'),
  sexuality: slider('Сексуальность'),
  mood: choice(MOOD_VALUES, 'Преобладающее настроение'),
  temperament: choice(TEMPERAMENT_VALUES, 'Темперамент').nullish(),
  img_gen_model: choice(IMAGE_MODEL_VALUES, 'Модель изображений').nullish(),
};

/** A new companion; the wizard sends her id (its draft's), the one its portrait requests named. */
export const characterInputSchema = z.object({
  id: z.uuid({ error: 'Некорректный идентификатор подруги' }).optional(),
  ...characterShape,
});
export type CharacterInput = z.infer<typeof characterInputSchema>;

/** The personality fields the spec fills with its fixed defaults when they are unset (001 §4). */
function withRandomDefaults(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const filled: Record<string, unknown> = { ...body };
  for (const [key, value] of Object.entries(RANDOM_DEFAULTS)) {
    if (filled[key] === undefined || filled[key] === null) filled[key] = value;
  }
  return filled;
}

/** POST /api/characters/: a new companion, the unset personality fields filled with the spec's defaults. */
export const createCharacterBodySchema = z.preprocess(withRandomDefaults, characterInputSchema);

/** PUT /api/characters/{id}: only the fields sent change; her id never does. */
export const updateCharacterBodySchema = z.preprocess(orEmpty, z.object(characterShape).partial());
export type CharacterChangesInput = z.infer<typeof updateCharacterBodySchema>;

/**
 * `/api/characters/{id}`, `/api/chats/character/{id}`: any string — an id that is not one of hers is
 * the service's 404, the same as another user's.
 */
export const idParamsSchema = z.object({ id: z.string() });

export const characterSchema = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number(),
  ethnicity: z.string(),
  hair_color: z.string(),
  body_type: z.string(),
  breast_size: z.string(),
  butt: z.string(),
  skin_shade: z.string(),
  hairstyle: z.string(),
  personality: z.string(),
  occupation: z.string(),
  habit: z.string(),
  language_style: z.string(),
  communication_style: z.number(),
  sexuality: z.number(),
  mood: z.string(),
  temperament: z.string().nullable(),
  img_gen_model: z.string().nullable(),
  /** Media names or URLs: turn into URLs with `mediaUrl`. */
  avatar: z.string().nullable(),
  image: z.string().nullable(),
  summary: z.string().nullable(),
  is_ex: z.boolean(),
  catalogue_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Character = z.infer<typeof characterSchema>;

export const chatSchema = z.object({
  id: z.string(),
  character_id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;

/** POST /api/chats/: without character_id, a chat with the user's newest companion. */
export const createChatBodySchema = z.preprocess(
  orEmpty,
  z.object({
    character_id: z.uuid({ error: 'Некорректный идентификатор подруги' }).optional(),
    title: oneLine(z.string().trim().max(100, { error: 'Название чата слишком длинное' })).optional(),
  }),
);
export type CreateChatBody = z.infer<typeof createChatBodySchema>;

/** The portrait and avatar uploads' text fields (multipart, beside the file): the chat she belongs to. */
export const chatIdFieldsSchema = z.object({ chat_id: z.uuid({ error: 'Некорректный идентификатор чата' }) });

/** GET /pics/{name}: any string — a name that is not a stored object's is a 404. */
export const mediaNameParamsSchema = z.object({ name: z.string() });

/** POST /api/create_chat_directory. */
export const chatIdBodySchema = z.preprocess(orEmpty, chatIdFieldsSchema);

/** POST /api/characters/generate_image (001 §7): every field has a default or is optional. */
const generateImageFields = z.object({
  ...appearanceShape,
  occupation: choice(OCCUPATION_VALUES, 'Профессия').optional(),
  width: z.number().int().min(256).max(1280).default(IMAGE_WIDTH),
  height: z.number().int().min(256).max(1280).default(IMAGE_HEIGHT),
  steps: z.number().int().min(1).max(50).default(IMAGE_STEPS),
  hide_watermark: z.boolean().default(true),
  return_binary: z.boolean().default(false),
  negative_prompt: z.string().max(1500).default(''),
  safe_mode: z.boolean().default(false),
  model: choice(IMAGE_MODEL_VALUES, 'Модель изображений').optional(),
  /**
   * The draft's id (the future character id): the server allows one generation plus REGENERATE_LIMIT
   * respawns per draft.
   */
  draft_id: z.uuid({ error: 'Некорректный идентификатор черновика' }).optional(),
  /** Models already used for this draft: a respawn prefers one not used yet. */
  used_models: z.array(z.string().max(40)).max(10).optional(),
  seed: z.number().int().min(0).max(2_147_483_647).optional(),
});
export const generateImageBodySchema = z.preprocess(orEmpty, generateImageFields);
export type GenerateImageBody = z.input<typeof generateImageFields>;
export type GenerateImageInput = z.output<typeof generateImageFields>;

export const generateImageResponseSchema = z.object({
  images: z.array(z.string()),
  model: z.string(),
  metadata: z.object({
    adapter: z.string(),
    offline: z.boolean(),
    seed: z.number(),
    width: z.number(),
    height: z.number(),
    duration_ms: z.number(),
  }),
});
export type GenerateImageResponse = z.infer<typeof generateImageResponseSchema>;

export const inflectBodySchema = z.preprocess(
  orEmpty,
  z.object({ name: oneLine(z.string().trim().min(1, { error: 'Укажите имя' }).max(NAME_MAX)) }),
);
export const inflectResponseSchema = z.object({ inflected_name: z.string() });

/** The body of a 403 when a tier's companion count is reached: tells the client which paywall to show. */
export const companionLimitErrorSchema = z.object({
  detail: z.string(),
  code: z.literal('companion_limit'),
  paywall_context: z.enum(PAYWALL_CONTEXTS),
  current_count: z.number(),
  limit: z.number(),
});
export type CompanionLimitError = z.infer<typeof companionLimitErrorSchema>;

/** GET /api/catalogue: the ready-made companions of /gfs (no owner; portraits made by the image port). */
export const catalogueItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number(),
  summary: z.string(),
  image: z.string().nullable(),
  ethnicity: z.string(),
  hair_color: z.string(),
  body_type: z.string(),
  personality: z.string(),
  occupation: z.string(),
  mood: z.string(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;
export const catalogueResponseSchema = z.object({ items: z.array(catalogueItemSchema) });

/** POST /api/catalogue/{id}/adopt: the user's own copy of a ready-made companion and a chat with her. */
export const catalogueIdParamsSchema = z.object({ id: z.string().max(64) });
export const adoptResponseSchema = z.object({ character: characterSchema, chat: chatSchema });
export type AdoptResponse = z.infer<typeof adoptResponseSchema>;
