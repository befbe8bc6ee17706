import type { Message } from '@podruga/shared';

/**
 * For the chat's tests only: a message as the server stores and sends it (GET /api/messages, the socket's
 * `message`), an assistant text in chat `c1` now unless `over` says otherwise. One factory, so a field
 * added to the contract is added once.
 */
export function storedMessage(over: Partial<Message> = {}): Message {
  return {
    id: 'm',
    chat_id: 'c1',
    content: '',
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
