import type { HerMediaKind, HerMediaMetadata } from '@podruga/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  type CharacterRow,
  type ChatRow,
  characters,
  chats,
  type MessageRow,
  messages,
} from '../../../db/schema/index.ts';

/**
 * What the server keeps beside her media's public metadata (`metadata.job`, never presented): the
 * attempt it belongs to (a retry starts a new one, and a job of an older attempt does nothing), the day
 * whose allowance paid, the scene for the prompt, and a video's provider job.
 */
export interface HerMediaJobState {
  /** This attempt's id: the job's payload names it. */
  attempt: string;
  /** The Moscow day whose photo or video allowance paid for it (given back on failure). */
  day: string;
  /** The scene for the prompt (the intent port's; English when a model wrote it). */
  scene: string;
  /** Video: the clip's length in seconds, by the tier at the time of asking. */
  seconds?: number;
  /** Video: the provider's job, once submitted, and how many polls so far. */
  provider_job?: string;
  polls?: number;
}

export type StoredHerMedia = HerMediaMetadata & { job: HerMediaJobState };

/** Her media message with the chat and companion it belongs to. */
export interface HerMediaRow {
  message: MessageRow & { metadata: StoredHerMedia };
  chat: ChatRow;
  character: CharacterRow | null;
}

/** Her photos' and videos' rows (the messages table, owned by this module). Queries only. */
export class HerMediaRepository {
  constructor(private readonly db: Db) {}

  async find(messageId: string): Promise<HerMediaRow | undefined> {
    const [row] = await this.db
      .select({ message: messages, chat: chats, character: characters })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .leftJoin(characters, and(eq(characters.id, chats.characterId), eq(characters.userId, chats.userId)))
      .where(and(eq(messages.id, messageId), eq(messages.isUser, false), sql`${messages.metadata} ? 'job'`));
    if (!row) return undefined;
    return row as HerMediaRow;
  }

  /**
   * Writes her media's metadata (and the media's path once ready) only while the row is still the
   * same attempt and pending: a job of an older attempt, or one that lost a race, changes nothing.
   * Undefined = not changed.
   */
  async update(
    id: string,
    attempt: string,
    patch: { metadata: StoredHerMedia; content?: string; imagePath?: string; videoPath?: string },
  ): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({
        metadata: patch.metadata as unknown as Record<string, unknown>,
        ...(patch.content !== undefined ? { content: patch.content } : {}),
        ...(patch.imagePath !== undefined ? { imagePath: patch.imagePath } : {}),
        ...(patch.videoPath !== undefined ? { videoPath: patch.videoPath } : {}),
      })
      .where(
        and(
          eq(messages.id, id),
          sql`${messages.metadata}->>'status' = 'pending'`,
          sql`${messages.metadata}->'job'->>'attempt' = ${attempt}`,
        ),
      )
      .returning();
    return row;
  }

  /** A failed one asked for again: pending under a new attempt, only if it is still failed. */
  async restart(id: string, metadata: StoredHerMedia): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({ metadata: metadata as unknown as Record<string, unknown> })
      .where(and(eq(messages.id, id), sql`${messages.metadata}->>'status' = 'failed'`))
      .returning();
    return row;
  }

  /** Every pending photo or video (a restart queues their jobs again). */
  async pending(): Promise<Array<{ id: string; attempt: string; media: HerMediaKind }>> {
    const result: unknown = await this.db.execute(sql`
      select id, metadata->'job'->>'attempt' as attempt, metadata->>'media' as media
      from ${messages}
      where not is_user and metadata->>'status' = 'pending' and metadata ? 'job'`);
    return (result as { rows: Array<{ id: string; attempt: string; media: HerMediaKind }> }).rows;
  }
}
