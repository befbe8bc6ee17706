import type { ProviderInfo } from '../port.ts';

export interface VisionRequest {
  image: Buffer;
  /** image/jpeg, image/png, image/webp. */
  contentType: string;
  signal?: AbortSignal;
}

/** Describes a picture in a sentence or two of Russian, for the companion to react to. */
export interface VisionPort extends ProviderInfo {
  analyze(request: VisionRequest): Promise<string>;
  /** Creation by likeness; adapters without it leave the form to the user (503). */
  appearance?: AppearancePort['appearance'];
}

export class VisionError extends Error {
  override name = 'VisionError';
  constructor(
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`vision provider failed${status ? ` (HTTP ${status})` : ''}`, options);
  }
}

/** Asked of a real model; the answer is appended to the user's message as `[Image: …]`. */
export const VISION_PROMPT =
  'Опиши это изображение по-русски в одном-двух предложениях: что на нём, обстановка, настроение. ' +
  'Не выдумывай и не называй реальных людей по имени.';

/**
 * Creation by likeness (DESIGN §6): who is on the photo and its generic appearance, from the likeness
 * form's lists (packages/shared/src/likeness.ts). Null: not seen, or the adapter cannot tell.
 */
export interface AppearanceReading {
  /** People on the photo; null when the adapter cannot count them (the offline one). */
  people: number | null;
  /** Whether everyone on it is clearly an adult; null when the adapter cannot tell. */
  adult: boolean | null;
  hair_color: string | null;
  hairstyle: string | null;
  body_type: string | null;
  skin_shade: string | null;
  /** True when this is an estimate (the offline adapter reads only the photo's colours). */
  estimate: boolean;
}

/** The likeness check: a structured answer instead of a description. */
export interface AppearancePort {
  appearance(request: VisionRequest): Promise<AppearanceReading>;
}
