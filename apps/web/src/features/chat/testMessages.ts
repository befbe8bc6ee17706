import type { Message } from '@podruga/shared';

/** A server message for the chat's unit tests: her text reply, unless `over` says otherwise. */
export function serverMessage(over: Partial<Message> = {}): Message {
  return {
    id: 'm1',
    chat_id: 'c1',
    content: 'Привет',
    is_user: false,
    message_type: 'text',
    image_path: null,
    video_path: null,
    created_at: new Date().toISOString(),
    is_streaming: false,
    voice_call_status: null,
    voice_call_duration: null,
    voice_call_started_at: null,
    voice_call_ended_at: null,
    metadata: null,
    ...over,
  };
}
