import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { createElevenLabsTts } from './elevenlabs.ts';
import { createOfflineTts } from './offline.ts';
import { createOpenAiTts } from './openai.ts';
import type { TtsPort } from './port.ts';

/** TTS_PROVIDER picks the adapter; offline (espeak-ng in a worker thread) needs nothing. */
export function createTtsPort(
  config: Pick<Config, 'tts'>,
  log?: Logger,
): TtsPort & { close?: () => Promise<void> } {
  const { provider, baseUrl, apiKey, model, voices, timeoutMs } = config.tts;
  if (provider === 'openai' && baseUrl) {
    return createOpenAiTts({ baseUrl, apiKey, model, voices, timeoutMs });
  }
  if (provider === 'elevenlabs' && baseUrl && apiKey) {
    return createElevenLabsTts({ baseUrl, apiKey, model, voices, timeoutMs });
  }
  return createOfflineTts({ log, timeoutMs });
}
