import type { ProviderInfo } from '../port.ts';

/** What the portrait service asks of any image adapter. Wire formats stay inside the adapters. */
export interface ImageRequest {
  prompt: string;
  negativePrompt: string;
  model: string;
  width: number;
  height: number;
  steps: number;
  seed: number;
  safeMode: boolean;
  hideWatermark: boolean;
  /**
   * The traits the prompt was built from. Real adapters ignore them; the offline adapter draws from
   * them (it cannot read an English prompt).
   */
  traits?: PortraitTraits;
  /**
   * Her portrait, to keep her face in photos of her (issue 14, decision 0021): adapters that accept a
   * reference (Automatic1111/Forge per IMAGE_REFERENCE_MODE) pass it; the others rely on the seed and
   * the trait prompt. Absent for portraits themselves.
   */
  reference?: { image: Buffer; contentType: string };
  /** A photo of her (not a portrait): the user's scene, which the offline adapter draws around her. */
  scene?: string;
}

export interface PortraitTraits {
  age: number;
  ethnicity: string;
  hair_color: string;
  hairstyle: string;
  skin_shade: string;
  body_type: string;
  breast_size: string;
  butt: string;
  occupation?: string | undefined;
}

export interface ImageResult {
  /** PNG bytes, one per image. */
  images: Buffer[];
  model: string;
  seed: number;
}

export interface ImagePort extends ProviderInfo {
  generate(request: ImageRequest): Promise<ImageResult>;
}

export type ImageErrorKind = 'balance' | 'rate_limited' | 'unavailable' | 'bad_response' | 'rejected';

/** Russian texts the user sees; the provider's own body is never passed on. */
export const IMAGE_ERROR_MESSAGES: Record<ImageErrorKind, string> = {
  balance: 'Генерация изображений временно недоступна: закончился баланс у провайдера',
  rate_limited: 'Слишком много запросов к генерации изображений. Попробуйте через минуту',
  unavailable: 'Сервис генерации изображений перегружен. Попробуйте позже',
  bad_response: 'Сервис генерации изображений вернул некорректный ответ. Попробуйте позже',
  rejected: 'Сервис генерации изображений отклонил запрос. Попробуйте изменить параметры',
};

/** A failed generation, classified; `cause` is for the log only. */
export class ImageProviderError extends Error {
  override name = 'ImageProviderError';
  constructor(
    readonly kind: ImageErrorKind,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`image provider: ${kind}${status ? ` (HTTP ${status})` : ''}`, options);
  }
}

export function errorKindForStatus(status: number): ImageErrorKind {
  if (status === 402) return 'balance';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'rejected';
}
