import { z } from 'zod';
import { NAME_MAX } from '../creation/rules.ts';
import { LIKENESS_FORM_MESSAGES, LIKENESS_RULES, LIKENESS_TEXTS } from '../likeness.ts';
import { LIKENESS_VALUES } from '../likenessOptions.ts';
import { oneLine } from '../validation/one-line.ts';
import { orEmpty } from '../validation/schema.ts';
import { ageSchema } from './characters.ts';

/** Creation by likeness (001 §7; DESIGN §6): route schemas. */

const pick = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/** The form's appearance traits, each with the spec's message (001 §5). */
export const likenessTraitsShape = {
  age: ageSchema,
  ethnicity: pick(LIKENESS_VALUES.ethnicity, LIKENESS_FORM_MESSAGES.ethnicity),
  body_type: pick(LIKENESS_VALUES.body_type, LIKENESS_FORM_MESSAGES.body_type),
  breast_size: pick(LIKENESS_VALUES.breast_size, LIKENESS_FORM_MESSAGES.breast_size),
  butt: pick(LIKENESS_VALUES.butt, LIKENESS_FORM_MESSAGES.butt),
  skin_shade: pick(LIKENESS_VALUES.skin_shade, LIKENESS_FORM_MESSAGES.skin_shade),
  hair_color: pick(LIKENESS_VALUES.hair_color, LIKENESS_FORM_MESSAGES.hair_color),
  hairstyle: pick(LIKENESS_VALUES.hairstyle, LIKENESS_FORM_MESSAGES.hairstyle),
} as const;

/** POST /api/likeness/analyze → suggestions for the generic appearance fields (null: no suggestion). */
export const likenessAnalyzeResponseSchema = z.object({
  success: z.literal(true),
  suggestions: z.object({
    hair_color: z.enum(LIKENESS_VALUES.hair_color).nullable(),
    hairstyle: z.enum(LIKENESS_VALUES.hairstyle).nullable(),
    body_type: z.enum(LIKENESS_VALUES.body_type).nullable(),
    skin_shade: z.enum(LIKENESS_VALUES.skin_shade).nullable(),
  }),
  /** True when the adapter only estimated (the offline one, from the photo's colours). */
  estimate: z.boolean(),
  /** What the page tells the user about the suggestions. */
  note: z.string(),
});
export type LikenessAnalyzeResponse = z.infer<typeof likenessAnalyzeResponseSchema>;
export type LikenessSuggestions = LikenessAnalyzeResponse['suggestions'];

/** POST /api/llm/process (001 §7). */
export const llmProcessBodySchema = z.preprocess(
  orEmpty,
  z.object({
    prompt: z
      .string({ error: LIKENESS_FORM_MESSAGES.descriptionRequired })
      .trim()
      .min(1, { error: LIKENESS_FORM_MESSAGES.descriptionRequired })
      .max(LIKENESS_RULES.promptMax, { error: `Не больше ${LIKENESS_RULES.promptMax} символов` }),
    task_type: z.enum(['image_prompt', 'character_prompt'], {
      error: 'task_type: image_prompt или character_prompt',
    }),
  }),
);
export type LlmProcessBody = z.infer<typeof llmProcessBodySchema>;
export const llmProcessResponseSchema = z.object({ success: z.boolean(), response: z.string() });
export type LlmProcessResponse = z.infer<typeof llmProcessResponseSchema>;

/** POST /api/exgenerate/basic-generate: the traits only (never the photo, never free text). */
export const basicGenerateBodySchema = z.preprocess(
  orEmpty,
  z.object({
    ...likenessTraitsShape,
    butt: likenessTraitsShape.butt.optional(),
    model: z.literal(LIKENESS_RULES.imageModel).optional(),
  }),
);
export type BasicGenerateBody = z.infer<typeof basicGenerateBodySchema>;

export const likenessPreviewSchema = z.object({
  image_data: z.string(),
  model_name: z.string(),
  model_display_name: z.string(),
  prompt: z.string(),
  /** The server's signature of this picture for this user: select-model takes only signed previews. */
  preview_token: z.string(),
});
export type LikenessPreview = z.infer<typeof likenessPreviewSchema>;

export const basicGenerateResponseSchema = z.object({
  success: z.literal(true),
  /** The first preview (001 §7 "success, image"). */
  image: z.string(),
  images: z.array(likenessPreviewSchema),
});
export type BasicGenerateResponse = z.infer<typeof basicGenerateResponseSchema>;

/** POST /api/characters/ex (000 §5): the form's fields; the personality is the spec's fixed one. */
export const createExCharacterBodySchema = z.preprocess(
  orEmpty,
  z.object({
    id: z.uuid({ error: 'Некорректный идентификатор подруги' }).optional(),
    name: oneLine(
      z
        .string({ error: LIKENESS_FORM_MESSAGES.name })
        .trim()
        .min(1, { error: LIKENESS_FORM_MESSAGES.name })
        .max(NAME_MAX, { error: `Имя подруги должно быть не длиннее ${NAME_MAX} символов` }),
    ),
    ...likenessTraitsShape,
    age: z
      .number({ error: LIKENESS_FORM_MESSAGES.ageRequired })
      .int({ error: 'Возраст должен быть целым числом' })
      .min(18, { error: LIKENESS_FORM_MESSAGES.ageMin })
      .max(70, { error: LIKENESS_FORM_MESSAGES.ageMax }),
    description: z
      .string({ error: LIKENESS_FORM_MESSAGES.descriptionRequired })
      .trim()
      .min(1, { error: LIKENESS_FORM_MESSAGES.descriptionRequired })
      .min(LIKENESS_RULES.descriptionMin, { error: LIKENESS_FORM_MESSAGES.descriptionShort })
      .max(LIKENESS_RULES.descriptionMax, {
        error: `Описание должно быть не длиннее ${LIKENESS_RULES.descriptionMax} символов`,
      }),
  }),
);
export type CreateExCharacterBody = z.infer<typeof createExCharacterBodySchema>;

/** POST /api/exgenerate/select-model/{characterId} (001 §7). */
export const selectModelBodySchema = z.preprocess(
  orEmpty,
  z.object({
    image_data: z
      .string({ error: LIKENESS_TEXTS.noImageSelected })
      .min(1, { error: LIKENESS_TEXTS.noImageSelected })
      .max(8_000_000, { error: LIKENESS_TEXTS.previewTokenInvalid }),
    preview_token: z
      .string({ error: LIKENESS_TEXTS.previewTokenInvalid })
      .max(200, { error: LIKENESS_TEXTS.previewTokenInvalid }),
    model_name: z.string().max(60).optional(),
    /** The spec sends the character's data too; the server reads her from the database instead. */
    character_data: z.unknown().optional(),
  }),
);
export type SelectModelBody = z.infer<typeof selectModelBodySchema>;
export const selectModelResponseSchema = z.object({ status: z.literal('success'), message: z.string() });
export type SelectModelResponse = z.infer<typeof selectModelResponseSchema>;
