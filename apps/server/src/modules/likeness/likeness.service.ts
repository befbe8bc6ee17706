import { randomInt } from 'node:crypto';
import {
  type BasicGenerateBody,
  type BasicGenerateResponse,
  IMAGE_HEIGHT,
  IMAGE_STEPS,
  IMAGE_WIDTH,
  LIKENESS_PHOTO_MESSAGES,
  LIKENESS_RULES,
  LIKENESS_TEXTS,
  type LikenessAnalyzeResponse,
  LLM_PROCESS_FALLBACKS,
  type LlmProcessBody,
  type LlmProcessResponse,
  type SelectModelBody,
  type SelectModelResponse,
} from '@podruga/shared';
import type { Metadata } from 'sharp';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError, errors } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { IMAGE_ERROR_MESSAGES, type ImagePort, ImageProviderError } from '../../providers/image/port.ts';
import { complete, type LlmPort } from '../../providers/llm/port.ts';
import type { StoragePort } from '../../providers/storage/port.ts';
import type { AppearanceReading, VisionPort } from '../../providers/vision/port.ts';
import { loadSharp } from '../../sharp.ts';
import type { CharactersService } from '../characters/characters.service.ts';
import { checkDimensions, encodePortrait } from '../media/images.ts';
import type { SafetyEntry } from '../safety/input.ts';
import type { SafetyService } from '../safety/safety.service.ts';
import { buildLikenessPrompt, likenessTraits } from './likeness-prompt.ts';
import { PreviewTokens } from './preview-token.ts';

/** The answer of a real language model is cut to this. */
const LLM_ANSWER_MAX = 1000;
const LLM_TIMEOUT_MS = 30_000;

/** What the language model is asked for each task (001 §7 llm/process); the offline engine is not asked. */
const TASK_PROMPTS: Record<LlmProcessBody['task_type'], string> = {
  image_prompt:
    'You help write an image prompt for a fictional adult woman (18+). From the user text, suggest up to 20 ' +
    'comma-separated English keywords about mood, clothing style, setting and lighting only. Never name or ' +
    'describe a real person, celebrity or a face from a photo; nothing about minors. Answer with the keywords only.',
  character_prompt:
    'Ты помогаешь описать характер вымышленной взрослой (18+) собеседницы. По тексту пользователя предложи ' +
    'два-три предложения по-русски о её характере, привычках и манере общения. Не упоминай реальных людей и ' +
    'знаменитостей, ничего о несовершеннолетних. Ответь только этим описанием.',
};

const TASK_ENTRY: Record<LlmProcessBody['task_type'], SafetyEntry> = {
  image_prompt: 'image_prompt',
  character_prompt: 'character.description',
};

export interface LikenessServiceDeps {
  vision: VisionPort;
  llm: LlmPort;
  image: ImagePort;
  storage: StoragePort;
  safety: SafetyService;
  characters: CharactersService;
  log: Logger;
  /** Signs the previews (select-model takes only those). */
  secret: string;
}

function refusal(detail: string): AppError {
  return new AppError(400, 'likeness_refused', detail);
}

/**
 * Creation by likeness, adapted (DESIGN §6): the photo only suggests generic appearance fields, when
 * the vision check sees exactly one adult; it is read in memory, never stored, never logged, and
 * wiped when the check is done. The previews are drawn from the form's traits alone.
 */
export class LikenessService {
  private readonly tokens: PreviewTokens;

  constructor(private readonly deps: LikenessServiceDeps) {
    this.tokens = new PreviewTokens(deps.secret);
  }

  /** POST /api/likeness/analyze. The photo's buffer is zeroed before this returns, whatever happens. */
  async analyze(user: UserRow, photo: Buffer): Promise<LikenessAnalyzeResponse> {
    try {
      const contentType = await this.checkPhoto(photo);
      const reading = await this.read(photo, contentType);
      const verdict = this.verdict(reading);
      if (verdict) {
        this.deps.log.info({ userId: user.id, reason: verdict.reason }, 'likeness: photo refused');
        throw refusal(verdict.detail);
      }
      return {
        success: true,
        suggestions: {
          hair_color: reading.hair_color as LikenessAnalyzeResponse['suggestions']['hair_color'],
          hairstyle: reading.hairstyle as LikenessAnalyzeResponse['suggestions']['hairstyle'],
          body_type: reading.body_type as LikenessAnalyzeResponse['suggestions']['body_type'],
          skin_shade: reading.skin_shade as LikenessAnalyzeResponse['suggestions']['skin_shade'],
        },
        estimate: reading.estimate,
        note: reading.estimate ? LIKENESS_TEXTS.estimateNote : LIKENESS_TEXTS.suggestionsApplied,
      };
    } finally {
      photo.fill(0);
    }
  }

  /** 001 §5 by the bytes: JPEG or PNG, at least 200×200 (and not a decompression bomb). */
  private async checkPhoto(photo: Buffer): Promise<string> {
    if (photo.length > LIKENESS_RULES.photoMaxBytes) {
      throw errors.payloadTooLarge(LIKENESS_PHOTO_MESSAGES.tooLarge);
    }
    const sharp = await loadSharp();
    const format = await checkDimensions(sharp, photo, LIKENESS_PHOTO_MESSAGES.unsupported);
    if (format !== 'jpeg' && format !== 'png') {
      throw errors.unsupportedMediaType(LIKENESS_PHOTO_MESSAGES.unsupported);
    }
    let meta: Metadata;
    try {
      meta = await sharp(photo).metadata();
    } catch {
      throw errors.validation(LIKENESS_PHOTO_MESSAGES.unreadable);
    }
    // A photo taken sideways (EXIF orientation 5–8) is measured as shown.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? 0;
    const height = (turned ? meta.width : meta.height) ?? 0;
    if (width < LIKENESS_RULES.photoMinPx || height < LIKENESS_RULES.photoMinPx) {
      throw errors.validation(LIKENESS_PHOTO_MESSAGES.tooSmall);
    }
    return `image/${format}`;
  }

  private async read(photo: Buffer, contentType: string): Promise<AppearanceReading> {
    const { vision, log } = this.deps;
    if (!vision.appearance) throw new AppError(503, 'service_unavailable', LIKENESS_TEXTS.visionUnavailable);
    try {
      return await vision.appearance({ image: photo, contentType, signal: AbortSignal.timeout(60_000) });
    } catch (error) {
      if (error instanceof AppError) throw error;
      // Only the error: never the photo.
      log.warn({ err: error, adapter: vision.adapter }, 'likeness: photo analysis failed');
      if (vision.offline) throw errors.validation(LIKENESS_PHOTO_MESSAGES.unreadable);
      throw new AppError(503, 'service_unavailable', LIKENESS_TEXTS.visionUnavailable);
    }
  }

  /**
   * Exactly one adult, or a refusal. A model that cannot tell is refused (fail closed); the offline
   * estimate, which never sees people, is let through labelled as an estimate: it suggests colours only,
   * and nothing of the photo is used for anything else.
   */
  private verdict(reading: AppearanceReading): { reason: string; detail: string } | null {
    if (reading.estimate && reading.people === null && reading.adult === null) return null;
    if (reading.people === 0) return { reason: 'no_person', detail: LIKENESS_TEXTS.refusedNoPerson };
    if (reading.people !== null && reading.people > 1) {
      return { reason: 'several_people', detail: LIKENESS_TEXTS.refusedSeveral };
    }
    if (reading.adult === false) return { reason: 'minor', detail: LIKENESS_TEXTS.refusedMinor };
    if (reading.people !== 1 || reading.adult !== true) {
      return { reason: 'unsure', detail: LIKENESS_TEXTS.refusedUnsure };
    }
    return null;
  }

  /** POST /api/llm/process: the text passes the safety checks, then the language model (001 §7). */
  async process(user: UserRow, body: LlmProcessBody): Promise<LlmProcessResponse> {
    const { safety, llm, log } = this.deps;
    const entry = TASK_ENTRY[body.task_type];
    await safety.assertSafe(user.id, { text: body.prompt, entry });
    const fallback = LLM_PROCESS_FALLBACKS[body.task_type];
    // The offline persona engine speaks as her, it cannot edit a prompt: the spec's fallback, honestly.
    if (llm.offline) return { success: true, response: fallback };
    let text: string;
    try {
      text = await complete(llm, {
        messages: [
          { role: 'system', content: TASK_PROMPTS[body.task_type] },
          { role: 'user', content: body.prompt },
        ],
        signal: AbortSignal.timeout(LLM_TIMEOUT_MS),
      });
    } catch (error) {
      log.warn({ err: error, task: body.task_type }, 'likeness: llm/process failed');
      return { success: false, response: fallback };
    }
    const answer = text.trim().replace(/\s+/g, ' ').slice(0, LLM_ANSWER_MAX);
    // What the model wrote is read by the rules too: it feeds a prompt and her description.
    if (!answer || !safety.rules({ text: answer, entry }).ok) return { success: true, response: fallback };
    return { success: true, response: answer };
  }

  /** POST /api/exgenerate/basic-generate: a few previews from the traits alone. */
  async basicGenerate(user: UserRow, body: BasicGenerateBody): Promise<BasicGenerateResponse> {
    const { image, safety, log } = this.deps;
    const { prompt, negativePrompt } = buildLikenessPrompt(body);
    const verdict = safety.rules({ text: prompt, entry: 'image_prompt' });
    if (!verdict.ok) {
      throw errors.safetyRefused((await safety.refused(user.id, 'image_prompt', verdict, 'rules')).detail);
    }
    const model = body.model ?? LIKENESS_RULES.imageModel;
    const traits = likenessTraits(body);
    const images: BasicGenerateResponse['images'] = [];
    try {
      for (let i = 0; i < LIKENESS_RULES.previewCount; i++) {
        const result = await image.generate({
          prompt,
          negativePrompt,
          model,
          width: IMAGE_WIDTH,
          height: IMAGE_HEIGHT,
          steps: IMAGE_STEPS,
          seed: randomInt(0, 2_147_483_647),
          safeMode: false,
          hideWatermark: true,
          traits,
        });
        for (const png of result.images) {
          images.push({
            image_data: png.toString('base64'),
            model_name: result.model,
            model_display_name:
              result.model === LIKENESS_RULES.imageModel ? LIKENESS_RULES.imageModelDisplay : result.model,
            prompt,
            preview_token: this.tokens.sign(user.id, png),
          });
        }
      }
    } catch (error) {
      if (error instanceof ImageProviderError) {
        log.warn({ err: error, kind: error.kind }, 'likeness: preview generation failed');
        if (images.length === 0) throw errors.providerError(IMAGE_ERROR_MESSAGES[error.kind]);
      } else {
        log.error({ err: error }, 'likeness: preview generation failed');
        if (images.length === 0) throw errors.providerError(IMAGE_ERROR_MESSAGES.unavailable);
      }
    }
    const first = images[0];
    if (!first) throw errors.providerError(IMAGE_ERROR_MESSAGES.bad_response);
    return { success: true, image: first.image_data, images };
  }

  /**
   * POST /api/exgenerate/select-model/{characterId}: one of the previews this user was given becomes
   * her portrait and avatar. Another user's companion, or one not made by likeness, is a 404.
   */
  async selectModel(user: UserRow, characterId: string, body: SelectModelBody): Promise<SelectModelResponse> {
    const { characters, storage } = this.deps;
    const character = await characters.get(user, characterId);
    if (!character.isEx) throw errors.notFound();
    const png = Buffer.from(body.image_data, 'base64');
    if (png.length === 0 || !this.tokens.verify(user.id, png, body.preview_token)) {
      throw errors.validation(LIKENESS_TEXTS.previewTokenInvalid);
    }
    const { image, avatar } = await encodePortrait(png);
    await storage.put(image.name, image.bytes, image.contentType);
    await storage.put(avatar.name, avatar.bytes, avatar.contentType);
    await characters.setPicture(user, character, 'image', image.name);
    await characters.setPicture(user, { ...character, image: image.name }, 'avatar', avatar.name);
    return { status: 'success', message: LIKENESS_TEXTS.selected };
  }
}
