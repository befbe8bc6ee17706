import type { Config } from '../../config.ts';
import { createOfflineStt } from './offline.ts';
import { createOpenAiStt } from './openai.ts';
import type { SttPort } from './port.ts';

/** STT_PROVIDER picks the adapter; offline (the default) transcribes nothing. */
export function createSttPort(config: Pick<Config, 'stt'>): SttPort {
  const { provider, baseUrl, apiKey, model, path, timeoutMs } = config.stt;
  if (provider === 'openai' && baseUrl) return createOpenAiStt({ baseUrl, apiKey, model, path, timeoutMs });
  return createOfflineStt();
}
