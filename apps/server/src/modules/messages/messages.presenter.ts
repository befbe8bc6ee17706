import type { Message } from '@podruga/shared';
import type { MessageRow } from '../../db/schema/index.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    chat_id: row.chatId,
    content: row.content,
    is_user: row.isUser,
    message_type: row.messageType as Message['message_type'],
    image_path: row.imagePath,
    video_path: row.videoPath,
    created_at: row.createdAt.toISOString(),
    is_streaming: row.isStreaming,
    voice_call_status: row.voiceCallStatus,
    voice_call_duration: row.voiceCallDuration,
    voice_call_started_at: iso(row.voiceCallStartedAt),
    voice_call_ended_at: iso(row.voiceCallEndedAt),
    metadata: publicMetadata(row.metadata),
  };
}

/** The metadata the client reads: her media's job state (`job`, the server's own) is left out. */
function publicMetadata(metadata: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!metadata || !('job' in metadata)) return metadata ?? null;
  const { job: _job, ...rest } = metadata;
  return rest;
}
