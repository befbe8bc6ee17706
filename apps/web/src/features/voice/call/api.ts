import type {
  VoiceAgentCreated,
  VoiceAgentInfo,
  VoiceCallEnd,
  VoiceCallEnded,
  VoiceCallStarted,
} from '@podruga/shared';
import { api } from '../../../shared/api/index.ts';

const id = (value: string) => encodeURIComponent(value);

/** The voice-call routes (packages/shared api/voiceCall.ts; 000 §7, 001 §7). Answers are typed, not parsed. */
export const VOICE_CALL_PATHS = {
  agentInfo: (characterId: string) => `/api/voice-call/agent-info/${id(characterId)}`,
  createAgent: (characterId: string) => `/api/voice-call/create-agent/${id(characterId)}`,
  start: (characterId: string) => `/api/voice-call/start/${id(characterId)}`,
  end: (callId: string) => `/api/voice-call/${id(callId)}/end`,
} as const;

export const voiceCallApi = {
  agentInfo: (characterId: string) => api.get<VoiceAgentInfo>(VOICE_CALL_PATHS.agentInfo(characterId)),
  createAgent: (characterId: string) =>
    api.post<VoiceAgentCreated>(VOICE_CALL_PATHS.createAgent(characterId)),
  /** Checks the day's seconds, stores the chat's `active` entry and answers how to connect. */
  start: (characterId: string, agentId: string) =>
    api.post<VoiceCallStarted>(VOICE_CALL_PATHS.start(characterId), { json: { agent_id: agentId } }),
  /** How the call ended; answers the entry as stored at the end (again for an ended call). */
  end: (callId: string, body: VoiceCallEnd) =>
    api.post<VoiceCallEnded>(VOICE_CALL_PATHS.end(callId), { json: body }),
};

export type VoiceCallApi = typeof voiceCallApi;
