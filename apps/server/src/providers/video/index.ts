import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { createOfflineVideo } from './offline.ts';
import type { VideoPort } from './port.ts';
import { createVeniceVideo } from './venice.ts';

export { CLIP_SIZES, motionFor } from './clip.ts';
export { createOfflineVideo, type OfflineVideoOptions, type OfflineVideoPort } from './offline.ts';
export * from './port.ts';
export { createVeniceVideo, type VeniceVideoOptions, veniceDuration } from './venice.ts';

/** A video port the app can stop: the offline stand-in holds a worker thread. */
export interface ClosableVideoPort extends VideoPort {
  close(): Promise<void>;
}

/** VIDEO_PROVIDER picks the adapter; config.ts has already checked the key venice needs. */
export function createVideoPort(config: Pick<Config, 'video'>, log?: Logger): ClosableVideoPort {
  const { provider, baseUrl, apiKey, model, timeoutMs } = config.video;
  if (provider === 'venice' && baseUrl && apiKey) {
    return { ...createVeniceVideo({ baseUrl, apiKey, model, timeoutMs, log }), close: async () => {} };
  }
  return createOfflineVideo({ log });
}
