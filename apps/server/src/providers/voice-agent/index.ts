import type { Config } from '../../config.ts';
import { createElevenLabsVoiceAgent } from './elevenlabs.ts';
import { createPipelineVoiceAgent, type PipelineParts } from './pipeline.ts';
import type { VoiceAgentPort } from './port.ts';

/**
 * VOICE_CALL_PROVIDER picks how calls are carried: ElevenLabs agents (with ELEVENLABS_API_KEY), else our
 * own pipeline on the configured (possibly offline) speech-to-text, LLM and text-to-speech.
 */
export function createVoiceAgentPort(
  config: Pick<Config, 'voiceCall'>,
  parts: PipelineParts,
): VoiceAgentPort {
  // loadConfig sets `elevenlabs` exactly when the provider is ElevenLabs with a key.
  const { elevenlabs } = config.voiceCall;
  if (elevenlabs) return createElevenLabsVoiceAgent(elevenlabs);
  return createPipelineVoiceAgent(parts);
}
