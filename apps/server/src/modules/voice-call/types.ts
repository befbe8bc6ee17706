import type { Message, VoiceCallEndReason, VoiceCallStatus } from '@podruga/shared';
import type { CharacterRow, UserRow } from '../../db/schema/index.ts';
import type { ChatTurn, PersonaHints } from '../../providers/llm/port.ts';
import type { VoiceChoice } from '../../providers/tts/port.ts';

/*
 * The seam between the voice-call service (voice-call.service.ts: agents, start, end, limits, the
 * chat's voice_call entries) and the pipeline (pipeline/: the /voice socket namespace, VAD, STT → LLM
 * → TTS, barge-in). The pipeline never touches the database or the limits itself: it asks this.
 */

/** A call as the service knows it while it is active. */
export interface ActiveCall {
  /** The voice_call message's id (the `call_id` of the API). */
  id: string;
  userId: string;
  chatId: string;
  characterId: string;
  mode: 'elevenlabs' | 'pipeline';
  startedAt: Date;
  /** The day's voice seconds left when the call started: the call may last this long once connected. */
  allowanceSeconds: number;
}

/** What the pipeline needs to speak as her. */
export interface CallConversation {
  character: CharacterRow;
  user: UserRow;
  /** Her system prompt for a spoken call (persona, safety rules, "short spoken sentences, no emoji"). */
  system: ChatTurn[];
  /** The chat's recent history, so the call continues the conversation. */
  history: ChatTurn[];
  persona: PersonaHints;
  voice: VoiceChoice;
  /** Her first words when the call connects (short, in character). */
  greeting: string;
}

export interface CallOutcome {
  reason: VoiceCallEndReason;
  /** When the call connected (pipeline: the join); absent = never connected. */
  connectedAt?: Date;
  /** The pipeline's own clock at the end; defaults to now. */
  endedAt?: Date;
  /** For `error`: what the user was shown. */
  error?: string;
}

export interface VoiceCallSessions {
  /** The user's active pipeline call with this id, or null (another user's, ended, unknown, elevenlabs). */
  activePipelineCall(user: UserRow, callId: string): Promise<ActiveCall | null>;
  /** Marks the call connected now (the pipeline's join); answers the seconds it may last from now. */
  connected(call: ActiveCall, at: Date): Promise<number>;
  conversationFor(call: ActiveCall): Promise<CallConversation>;
  /**
   * Ends the call once (later calls answer the stored entry): status from the reason (hangup →
   * completed, limit → limit_reached, error → failed, missed or never connected → missed), the real
   * duration charged to today's voice seconds (never more than the allowance), the entry stored and
   * sent to the chat's room as a `message` event.
   */
  end(
    call: Pick<ActiveCall, 'id' | 'userId'>,
    outcome: CallOutcome,
  ): Promise<{ status: Exclude<VoiceCallStatus, 'active'>; message: Message }>;
}
