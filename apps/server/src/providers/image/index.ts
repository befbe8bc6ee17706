import type { Config } from '../../config.ts';
import { createAutomatic1111Image } from './automatic1111.ts';
import { createOfflineImage } from './offline.ts';
import type { ImagePort } from './port.ts';
import { createVeniceImage } from './venice.ts';

/** IMAGE_PROVIDER picks the adapter; config.ts has already checked the URL and key it needs. */
export function createImagePort(config: Pick<Config, 'image'>): ImagePort {
  const { provider, baseUrl, apiKey, timeoutMs, reference } = config.image;
  if (provider === 'venice' && baseUrl && apiKey) return createVeniceImage({ baseUrl, apiKey, timeoutMs });
  if (provider === 'automatic1111' && baseUrl) {
    return createAutomatic1111Image({ baseUrl, timeoutMs, reference });
  }
  return createOfflineImage();
}
