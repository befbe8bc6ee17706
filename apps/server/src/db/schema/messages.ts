import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chats } from './chats.ts';
import { createdAt, timestamptz } from './columns.ts';
import { users } from './users.ts';

/** A chat message (000 §3), user or companion; also voice-call entries and rate-limit cards. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    isUser: boolean('is_user').notNull(),
    /** text, voice_call, video, rate_limit, … */
    messageType: text('message_type').notNull().default('text'),
    imagePath: text('image_path'),
    videoPath: text('video_path'),
    /**
     * A companion reply still being produced: stored empty when the user's message is counted and
     * stored, written every few seconds (`checkpointAt`), finished once (docs/decisions/0007).
     */
    isStreaming: boolean('is_streaming').notNull().default(false),
    /** A streaming reply's last checkpoint (database time); null once finished. */
    checkpointAt: timestamptz('checkpoint_at'),
    /** The Moscow day whose allowance paid for the reply's message: given back if nothing was sent. */
    chargedDay: date('charged_day', { mode: 'string' }),
    voiceCallStatus: text('voice_call_status'),
    voiceCallDuration: integer('voice_call_duration'),
    voiceCallStartedAt: timestamptz('voice_call_started_at'),
    voiceCallEndedAt: timestamptz('voice_call_ended_at'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_chat_id_created_at_idx').on(t.chatId, t.createdAt),
    // Deleting a user cascades here, and merging a guest re-owns its messages by user_id.
    index('messages_user_id_idx').on(t.userId),
    // Crash recovery looks for streaming replies with a stale checkpoint: a handful of rows at most.
    index('messages_streaming_idx').on(t.checkpointAt).where(sql`${t.isStreaming}`),
    // Her photos and videos being made (issue 14): a restart queues them again; a handful of rows.
    index('messages_media_pending_idx').on(t.id).where(sql`${t.metadata}->>'status' = 'pending'`),
    // The active voice calls (issue 15): one per user at most, a handful in all.
    index('messages_voice_call_active_idx').on(t.userId).where(sql`${t.voiceCallStatus} = 'active'`),
    // At most one rate-limit card per chat and limit window (the Moscow day, `metadata.limit_day`).
    uniqueIndex('messages_rate_limit_window_idx')
      .on(t.chatId, sql`(${t.metadata}->>'limit_day')`)
      .where(sql`${t.messageType} = 'rate_limit'`),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
