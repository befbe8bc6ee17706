import type { Message } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { fromServer } from './messages.ts';

const reply = (metadata: Message['metadata']): Message => ({
  id: 'r1',
  chat_id: '11111111-1111-4111-8111-111111111111',
  content: 'Жила-была',
  is_user: false,
  message_type: 'text',
  image_path: null,
  video_path: null,
  created_at: '2026-11-22T12:00:00.000Z',
  is_streaming: false,
  voice_call_status: null,
  voice_call_duration: null,
  voice_call_started_at: null,
  voice_call_ended_at: null,
  metadata,
});

describe('a reply cut short', () => {
  it('is marked interrupted when the server stopped it or the model failed, not otherwise', () => {
    expect(fromServer(reply({ interrupted: true })).interrupted).toBe(true);
    expect(fromServer(reply({ partial: true })).interrupted).toBe(true);
    expect(fromServer(reply(null)).interrupted).toBeUndefined();
    expect(fromServer(reply({ interrupted: true })).text).toBe('Жила-была');
  });
});
