import type { MessageRow } from '../db/schema/index.ts';

/** A message row as the database returns it, for tests of code that only reads rows (steps, mappers). */
export function messageRow(over: Partial<MessageRow> = {}): MessageRow {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    chatId: 'c0000000-0000-4000-8000-000000000001',
    userId: 'b0000000-0000-4000-8000-000000000001',
    content: '',
    isUser: false,
    messageType: 'text',
    imagePath: null,
    videoPath: null,
    isStreaming: false,
    checkpointAt: null,
    chargedDay: null,
    voiceCallStatus: null,
    voiceCallDuration: null,
    voiceCallStartedAt: null,
    voiceCallEndedAt: null,
    metadata: null,
    createdAt: new Date('2026-11-23T10:00:00.000Z'),
    ...over,
  };
}
