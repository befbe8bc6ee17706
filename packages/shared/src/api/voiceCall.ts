import { z } from 'zod';
import { VOICE_CALL_END_REASONS, VOICE_CALL_MODES } from '../voiceCall.ts';
import { messageSchema } from './messages.ts';

/**
 * The voice-call routes (000 §7, 001 §7; issue 15). All need a session and the caller's own companion
 * (another user's is 404 'Подруга не найдена'). Errors are `{detail, code}`.
 */

/** GET /api/voice-call/agent-info/{characterId} (001 §3 "Voice agent"). */
export const voiceAgentInfoSchema = z.object({
  has_agent: z.boolean(),
  agent_id: z.string().nullable(),
});
export type VoiceAgentInfo = z.infer<typeof voiceAgentInfoSchema>;

/**
 * POST /api/voice-call/create-agent/{characterId} → the agent's id (an existing one is returned as is).
 * 503 `VOICE_CALL_TEXTS.unavailable` when the voice service refused.
 */
export const voiceAgentCreatedSchema = z.object({ agent_id: z.string() });
export type VoiceAgentCreated = z.infer<typeof voiceAgentCreatedSchema>;

/**
 * POST /api/voice-call/start/{characterId} `{agent_id}` (ours: "the voice call service", whose endpoint
 * the spec does not show): checks the day's voice seconds, stores the chat's voice_call entry (status
 * `active`) and answers how to connect. 429 `{detail: VOICE_CALL_TEXTS.limitReached, code:
 * 'voice_limit'}` with none left; 409 `alreadyActive` while another call of the user is active; 400
 * when `agent_id` is not this companion's agent; 503 `unavailable` when no signed URL could be had.
 */
export const voiceCallStartSchema = z.object({ agent_id: z.string().min(1).max(200) });
export type VoiceCallStart = z.infer<typeof voiceCallStartSchema>;

export const voiceCallStartedSchema = z.object({
  call_id: z.string(),
  chat_id: z.string(),
  mode: z.enum(VOICE_CALL_MODES),
  /** elevenlabs: the signed websocket URL for `Conversation.startSession({signedUrl})`; else null. */
  signed_url: z.string().nullable(),
  /** pipeline: whether to stream microphone PCM (`server`) or send the browser's recognised text. */
  stt: z.enum(['server', 'browser']),
  /** The day's voice seconds left: the call ends when they are spent. */
  remaining_seconds: z.number().int().nonnegative(),
  /** The chat's voice_call entry, status `active`. */
  message: messageSchema,
});
export type VoiceCallStarted = z.infer<typeof voiceCallStartedSchema>;

/**
 * POST /api/voice-call/{callId}/end: the client's account of how the call ended. The server decides
 * the duration (pipeline: its own clock from connect to end; elevenlabs: the conversation's duration
 * from the API when `conversation_id` is given, else the client's `duration_seconds` capped by the
 * server's clock) and charges at most what was left. Ending an ended call answers the stored entry.
 */
export const voiceCallEndSchema = z.object({
  reason: z.enum(VOICE_CALL_END_REASONS),
  conversation_id: z.string().max(200).optional(),
  duration_seconds: z
    .number()
    .nonnegative()
    .max(24 * 3600)
    .optional(),
  /** The error text shown, for `reason: 'error'` (kept in the entry's metadata, at most 200 characters). */
  error: z.string().max(200).optional(),
});
export type VoiceCallEnd = z.infer<typeof voiceCallEndSchema>;

export const voiceCallEndedSchema = z.object({ message: messageSchema });
export type VoiceCallEnded = z.infer<typeof voiceCallEndedSchema>;
