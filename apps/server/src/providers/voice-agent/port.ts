import type { ProviderInfo } from '../port.ts';
import type { VoiceChoice } from '../tts/port.ts';

/** Everything an agent is made from: her persona for a spoken call, her greeting, her voice, the cap. */
export interface VoiceAgentSpec {
  characterId: string;
  /** The agent's name at the provider (her name and a short id: easy to find in a dashboard). */
  name: string;
  /** Her system prompt for a call (persona, safety rules, the call's own manner). */
  prompt: string;
  /** Her first words when a call connects. */
  firstMessage: string;
  voice: VoiceChoice;
  /** Longest conversation the provider allows (the largest daily voice allowance). */
  maxDurationSeconds: number;
}

/** What the conversation API tells about one finished (or running) conversation. */
export interface VoiceConversationInfo {
  agentId: string | null;
  /** Seconds the call lasted; null while the provider has not counted it yet. */
  durationSeconds: number | null;
  /** When it started, by the provider's clock; null if not told. */
  startedAt: Date | null;
}

/**
 * The voice-call provider (issue 15; DESIGN §4): `elevenlabs` makes an agent per companion and hands
 * the browser a signed URL; `pipeline` is our own (modules/voice-call/pipeline) and needs no remote
 * agent, so its agent id is derived from her id.
 */
export interface VoiceAgentPort extends ProviderInfo {
  readonly mode: 'elevenlabs' | 'pipeline';
  /** Makes her agent; answers its id. */
  createAgent(spec: VoiceAgentSpec): Promise<string>;
  /** elevenlabs: a signed websocket URL for one conversation with the agent. pipeline: null. */
  signedUrl(agentId: string): Promise<string | null>;
  /** elevenlabs: the conversation's facts (its real duration). pipeline: null. */
  conversation(conversationId: string): Promise<VoiceConversationInfo | null>;
  /** elevenlabs: the agent's conversations begun since `since` (newest first, at most 30). pipeline: null. */
  conversationsSince(agentId: string, since: Date): Promise<VoiceConversationInfo[] | null>;
}

/**
 * Why the provider failed: `unavailable` (network, timeout, 5xx), `rate_limited` (429), `rejected`
 * (401/403/4xx: the key or the request is wrong), `bad_response` (an answer we cannot read), `not_found`
 * (404: an unknown conversation or agent).
 */
export type VoiceAgentErrorKind = 'unavailable' | 'rate_limited' | 'rejected' | 'bad_response' | 'not_found';

export class VoiceAgentError extends Error {
  override name = 'VoiceAgentError';
  constructor(
    readonly kind: VoiceAgentErrorKind,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`voice agent provider failed: ${kind}${status ? ` (HTTP ${status})` : ''}`, options);
  }
}

export function voiceAgentErrorKindForStatus(status: number): VoiceAgentErrorKind {
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'rejected';
}
