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
