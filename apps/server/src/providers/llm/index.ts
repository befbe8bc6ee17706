import type { Config } from '../../config.ts';
import { createOfflineLlm } from './offline/index.ts';
import { createOpenAiLlm } from './openai.ts';
import type { LlmPort } from './port.ts';

/** LLM_PROVIDER picks the adapter; config.ts has already checked the URL it needs. */
export function createLlmPort(config: Pick<Config, 'llm'>): LlmPort {
  const { provider, baseUrl, apiKey, model, timeoutMs } = config.llm;
  if (provider === 'openai' && baseUrl) return createOpenAiLlm({ baseUrl, apiKey, model, timeoutMs });
  return createOfflineLlm();
}
