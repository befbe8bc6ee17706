import { VOICE_CALL_TEXTS, type VoiceCallStarted } from '@podruga/shared';
import { useAuth } from '../../auth/store.ts';
import { speechRecognitionCtor } from '../recognition.ts';
import { stopStream } from './device.ts';
import { ElevenLabsSession } from './elevenlabs.ts';
import { connectVoiceSocket, PipelineSession } from './pipeline.ts';
import { CallError, type CallSession } from './session.ts';

export interface SessionContext {
  /** The microphone, opened before the call started (its permission asked for first). */
  stream: MediaStream | null;
  /** The AudioContext primed in the tap that started the call. */
  audio: AudioContext | null;
}

export type CreateSession = (started: VoiceCallStarted, context: SessionContext) => CallSession;

/** The way the server chose at start: ElevenLabs' agent (signed URL), or our pipeline over the socket. */
export const createCallSession: CreateSession = (started, { stream, audio }) => {
  if (started.mode === 'elevenlabs') {
    // The package opens the microphone itself; ours only asked for the permission.
    stopStream(stream);
    if (!started.signed_url) throw new CallError(VOICE_CALL_TEXTS.unavailable);
    return new ElevenLabsSession(started.signed_url);
  }
  return new PipelineSession(started, {
    connect: connectVoiceSocket,
    getToken: () => useAuth.getState().token,
    context: audio,
    stream,
    recognition: speechRecognitionCtor(),
  });
};
