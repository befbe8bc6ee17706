import type { ProviderInfo } from '../port.ts';
import type { VoiceAgentPort } from './port.ts';

/** The pipeline's parts, as the boot log names them. */
export interface PipelineParts {
  stt: ProviderInfo;
  llm: ProviderInfo;
  tts: ProviderInfo;
}

/** Her pipeline "agent": nothing remote, the id is hers. */
export const pipelineAgentId = (characterId: string) => `pipeline-${characterId}`;

/**
 * Voice calls on our own pipeline (modules/voice-call/pipeline: the /voice socket, STT → LLM → TTS):
 * no agent to make anywhere, no signed URL, no conversation API. As real as its parts: offline when her
 * voice or her words are the offline stand-ins, and the boot log says which.
 */
export function createPipelineVoiceAgent(parts: PipelineParts): VoiceAgentPort {
  const offline = parts.llm.offline || parts.tts.offline;
  const name = (p: ProviderInfo) => `${p.adapter}${p.offline ? ' (offline)' : ''}`;
  const hearing = parts.stt.offline
    ? "the browser's own speech recognition (no server speech-to-text)"
    : `speech-to-text ${name(parts.stt)}`;
  return {
    adapter: 'pipeline',
    offline,
    mode: 'pipeline',
    describe: () =>
      `voice calls: ${offline ? 'OFFLINE ' : ''}our own pipeline over the /voice socket — ${hearing}, LLM ${name(parts.llm)}, text-to-speech ${name(parts.tts)}; set ELEVENLABS_API_KEY for ElevenLabs agents`,
    createAgent: async (spec) => pipelineAgentId(spec.characterId),
    signedUrl: async () => null,
    conversation: async () => null,
    conversationsSince: async () => null,
  };
}
