import type { Config } from '../../config.ts';
import { createOfflineVision } from './offline.ts';
import { createOpenAiVision } from './openai.ts';
import type { VisionPort } from './port.ts';

/** VISION_PROVIDER picks the adapter; the URL and key default to the LLM's. */
export function createVisionPort(config: Pick<Config, 'vision'>): VisionPort {
  const { provider, baseUrl, apiKey, model, timeoutMs } = config.vision;
  if (provider === 'openai' && baseUrl) return createOpenAiVision({ baseUrl, apiKey, model, timeoutMs });
  return createOfflineVision();
}
