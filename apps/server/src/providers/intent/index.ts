import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { createOpenAiIntent } from './openai.ts';
import type { IntentPort } from './port.ts';
import { createRulesIntent } from './rules.ts';

/** With a real chat model (LLM_PROVIDER=openai) the model decides; otherwise the offline rules. */
export function createIntentPort(config: Pick<Config, 'llm'>, log: Logger): IntentPort {
  const { provider, baseUrl, apiKey, model, timeoutMs } = config.llm;
  if (provider === 'openai' && baseUrl) return createOpenAiIntent({ baseUrl, apiKey, model, timeoutMs, log });
  return createRulesIntent();
}
