import type { Config } from '../../config.ts';
import { createGuardModeration } from './guard.ts';
import { createOfflineModeration } from './offline.ts';
import { createOpenAiModeration } from './openai.ts';
import type { ModerationPort } from './port.ts';

/** MODERATION_PROVIDER picks the adapter (a guard model when a chat model is configured); offline = the rules alone. */
export function createModerationPort(config: Pick<Config, 'moderation'>): ModerationPort {
  const { provider, baseUrl, apiKey, model, format, timeoutMs } = config.moderation;
  if (provider === 'openai' && baseUrl) return createOpenAiModeration({ baseUrl, apiKey, model, timeoutMs });
  if (provider === 'guard' && baseUrl) {
    return createGuardModeration({ baseUrl, apiKey, model, format: format ?? 'json', timeoutMs });
  }
  return createOfflineModeration();
}
