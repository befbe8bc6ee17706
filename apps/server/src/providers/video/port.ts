import type { ProviderInfo } from '../port.ts';

/**
 * What the her-media module asks of any video adapter (DESIGN §4; issue 14): an asynchronous job —
 * submit, poll until done, then forget. Wire formats stay inside the adapters.
 */
export interface VideoRequest {
  /** English scene prompt built from her fixed traits and the user's request. */
  prompt: string;
  negativePrompt: string;
  /** Clip length: VIDEO_CLIP_SECONDS per tier (Plus 5, VIP 10). */
  seconds: number;
  /** Her portrait: the first frame (image-to-video) and the offline clip's picture. PNG or JPEG. */
  image: { bytes: Buffer; contentType: string };
  /** Per companion, so her clips start alike. */
  seed: number;
  aspect: '9:16' | '1:1' | '16:9';
}

/** A submitted job; `jobId` is kept on the message (it survives a restart) and passed to `poll`. */
export interface VideoJob {
  jobId: string;
}

export type VideoPoll =
  | { state: 'processing' }
  | { state: 'done'; video: Buffer; contentType: 'video/mp4' }
  /** The provider no longer knows the job (expired, or an offline job lost with a restart): submit again. */
  | { state: 'lost' };

export interface VideoPort extends ProviderInfo {
  submit(request: VideoRequest): Promise<VideoJob>;
  poll(jobId: string): Promise<VideoPoll>;
  /** Lets the provider delete its stored copy once ours is saved (Venice `/video/complete`); best effort. */
  complete(jobId: string): Promise<void>;
  /** About how long a clip of `seconds` takes to make: the chat's placeholder progress. */
  expectedMs(seconds: number): number;
  /** How long to wait between polls. */
  readonly pollIntervalMs: number;
}

export type VideoErrorKind = 'balance' | 'rate_limited' | 'unavailable' | 'bad_response' | 'rejected';

/** Russian texts the user sees; the provider's own body is never passed on. */
export const VIDEO_ERROR_MESSAGES: Record<VideoErrorKind, string> = {
  balance: 'Видео временно недоступны: закончился баланс у провайдера',
  rate_limited: 'Слишком много запросов к видео. Попробуйте через минуту',
  unavailable: 'Сервис видео перегружен. Попробуйте позже',
  bad_response: 'Сервис видео вернул некорректный ответ. Попробуйте позже',
  rejected: 'Сервис видео отклонил запрос. Попробуйте описать сцену иначе',
};

/** A failed call, classified; `cause` is for the log only. */
export class VideoProviderError extends Error {
  override name = 'VideoProviderError';
  constructor(
    readonly kind: VideoErrorKind,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`video provider: ${kind}${status ? ` (HTTP ${status})` : ''}`, options);
  }
}
