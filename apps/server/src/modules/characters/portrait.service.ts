import {
  FIRST_IMAGE_MODEL,
  type GenerateImageInput,
  type GenerateImageResponse,
  IMAGE_MODEL_VALUES,
  REGENERATE_LIMIT,
} from '@podruga/shared';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError, errors } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { IMAGE_ERROR_MESSAGES, type ImagePort, ImageProviderError } from '../../providers/image/port.ts';
import { SAFETY_TEXTS, type SafetyService } from '../safety/safety.service.ts';
import { CHARACTER_MESSAGES } from './characters.messages.ts';
import type { CharactersRepository } from './characters.repository.ts';
import { buildPortraitPrompt, NEGATES_ADULTHOOD } from './portrait-prompt.ts';

/** One generation plus REGENERATE_LIMIT respawns per draft (001 §4). */
const DRAFT_GENERATIONS = 1 + REGENERATE_LIMIT;

/**
 * The first generation uses FIRST_IMAGE_MODEL unless the client asked for one; a respawn prefers a
 * model not used yet for this draft, and falls back to the asked-for or first model once all are used.
 */
function chooseModel(asked: string | undefined, usedModels: readonly string[] = []): string {
  if (usedModels.length === 0) return asked ?? FIRST_IMAGE_MODEL;
  if (asked && !usedModels.includes(asked)) return asked;
  return IMAGE_MODEL_VALUES.find((m) => !usedModels.includes(m)) ?? asked ?? FIRST_IMAGE_MODEL;
}

/** Maps a provider failure to the user's Russian text; the provider's body is only logged. */
function providerFailure(error: unknown, log: Logger): AppError {
  if (error instanceof ImageProviderError) {
    log.warn({ err: error, kind: error.kind, status: error.status }, 'image generation failed');
    return errors.providerError(IMAGE_ERROR_MESSAGES[error.kind]);
  }
  if (error instanceof AppError) return error;
  log.error({ err: error }, 'image generation failed');
  return errors.providerError(IMAGE_ERROR_MESSAGES.unavailable);
}

/** POST /api/characters/generate_image: traits → prompt → image port → base64 PNGs. */
export class PortraitService {
  constructor(
    private readonly deps: {
      image: ImagePort;
      repo: CharactersRepository;
      log: Logger;
      /** The client's negative prompt and the composed prompt pass it: 400 `safety_refused` otherwise. */
      safety: SafetyService;
      random?: () => number;
    },
  ) {}

  /** The client's negative prompt: rules only (moderation models do not read negation). */
  private async assertSafeNegative(userId: string, negative: string): Promise<void> {
    const { safety } = this.deps;
    if (negative && NEGATES_ADULTHOOD.test(negative)) {
      const refusal = { ok: false, reason: 'minor', detail: SAFETY_TEXTS.reasons.minor } as const;
      throw errors.safetyRefused((await safety.refused(userId, 'negative_prompt', refusal, 'rules')).detail);
    }
    await safety.assertSafe(userId, { text: negative, entry: 'negative_prompt' });
  }

  /** The composed prompt: the rules (it is built from option lists; none of it is the user's own text). */
  private async assertSafePrompt(userId: string, prompt: string): Promise<void> {
    const verdict = this.deps.safety.rules({ text: prompt, entry: 'image_prompt' });
    if (!verdict.ok) {
      throw errors.safetyRefused(
        (await this.deps.safety.refused(userId, 'image_prompt', verdict, 'rules')).detail,
      );
    }
  }

  async generate(user: UserRow, input: GenerateImageInput): Promise<GenerateImageResponse> {
    const negative = input.negative_prompt.trim();
    await this.assertSafeNegative(user.id, negative);
    const { prompt, negativePrompt } = buildPortraitPrompt(input, negative);
    await this.assertSafePrompt(user.id, prompt);
    const model = chooseModel(input.model, input.used_models);
    const random = this.deps.random ?? Math.random;
    const seed = input.seed ?? Math.floor(random() * 2_147_483_647);

    const { repo, image, log } = this.deps;
    if (input.draft_id) {
      const taken = await repo.takeDraftGeneration(user.id, input.draft_id, DRAFT_GENERATIONS);
      if (taken === null) throw errors.tooManyRequests(CHARACTER_MESSAGES.regenerateLimit);
    }
    const started = performance.now();
    try {
      const result = await image.generate({
        prompt,
        negativePrompt,
        model,
        width: input.width,
        height: input.height,
        steps: input.steps,
        seed,
        safeMode: input.safe_mode,
        hideWatermark: input.hide_watermark,
        traits: input,
      });
      return {
        images: result.images.map((png) => png.toString('base64')),
        model: result.model,
        metadata: {
          adapter: image.adapter,
          offline: image.offline,
          seed: result.seed,
          width: input.width,
          height: input.height,
          duration_ms: Math.round(performance.now() - started),
        },
      };
    } catch (error) {
      if (input.draft_id) await repo.returnDraftGeneration(user.id, input.draft_id);
      throw providerFailure(error, log);
    }
  }
}
