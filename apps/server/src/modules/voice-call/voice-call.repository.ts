import { and, desc, eq, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type CharacterRow,
  type ChatRow,
  characters,
  chats,
  type MessageRow,
  messages,
  type UserRow,
  users,
  type VoiceAgentRow,
  voiceAgents,
} from '../../db/schema/index.ts';
import type { PromptMessage } from '../messages/prompt.ts';

/**
 * What the server keeps of a call in its voice_call entry's metadata (visible to the owner: nothing in
 * it is secret): how it is carried, the day and allowance it counts against, her agent, when it
 * connected (pipeline), the provider's conversation (elevenlabs), how it ended.
 */
export interface StoredCall {
  mode: 'elevenlabs' | 'pipeline';
  /** The Moscow day whose voice seconds the call is charged to (the day it started). */
  day: string;
  /** The tier's daily seconds when it started: the charge never passes it. */
  limit_seconds: number;
  /** The seconds that were left when it started: the call lasts at most this long. */
  allowance_seconds: number;
  agent_id: string;
  character_id: string;
  connected_at?: string;
  conversation_id?: string;
  end_reason?: string;
  error?: string;
}

export type CallRow = MessageRow & { metadata: StoredCall };

/** How many of the chat's newest messages a call's prompt reads. */
const HISTORY_ROWS = 40;

/** Voice-call agents and the chat's voice_call entries (the messages table's voice_call rows). Queries only. */
export class VoiceCallRepository {
  constructor(private readonly db: Db) {}

  async ownedCharacter(userId: string, characterId: string): Promise<CharacterRow | undefined> {
    const [row] = await this.db
      .select()
      .from(characters)
      .where(and(eq(characters.id, characterId), eq(characters.userId, userId)));
    return row;
  }

  async user(userId: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    return row;
  }

  async agent(characterId: string, provider: string): Promise<VoiceAgentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(voiceAgents)
      .where(and(eq(voiceAgents.characterId, characterId), eq(voiceAgents.provider, provider)));
    return row;
  }

  async saveAgent(characterId: string, provider: string, agentId: string, spec: string): Promise<void> {
    await this.db
      .insert(voiceAgents)
      .values({ characterId, provider, agentId, spec })
      .onConflictDoUpdate({
        target: [voiceAgents.characterId, voiceAgents.provider],
        set: { agentId, spec, createdAt: sql`now()` },
      });
  }

  /** Her newest chat, or a new one (the chat the web app opens for her). */
  async chatOf(userId: string, characterId: string, title: string): Promise<ChatRow> {
    const [newest] = await this.db
      .select()
      .from(chats)
      .where(and(eq(chats.userId, userId), eq(chats.characterId, characterId)))
      .orderBy(desc(chats.createdAt), desc(chats.id))
      .limit(1);
    if (newest) return newest;
    const [row] = await this.db.insert(chats).values({ userId, characterId, title }).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async findCall(id: string): Promise<CallRow | undefined> {
    const [row] = await this.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), eq(messages.messageType, 'voice_call')));
    return row as CallRow | undefined;
  }

  /** The user's active call, if any. */
  async activeCallOf(userId: string): Promise<CallRow | undefined> {
    const [row] = await this.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.voiceCallStatus, 'active')))
      .limit(1);
    return row as CallRow | undefined;
  }

  /** Every active call (a restart closes or watches them again). */
  async activeCalls(): Promise<CallRow[]> {
    const rows = await this.db.select().from(messages).where(eq(messages.voiceCallStatus, 'active'));
    return rows as CallRow[];
  }

  /**
   * Stores the call's entry unless the user has an active call: the user's row is locked for the
   * check and the insert, so two starts at once cannot both pass. Undefined = another call is active.
   */
  async insertCall(values: {
    chatId: string;
    userId: string;
    startedAt: Date;
    metadata: StoredCall;
  }): Promise<CallRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${values.userId} for no key update`);
      const [active] = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.userId, values.userId), eq(messages.voiceCallStatus, 'active')))
        .limit(1);
      if (active) return undefined;
      const [row] = await tx
        .insert(messages)
        .values({
          chatId: values.chatId,
          userId: values.userId,
          content: '',
          // Her entry, not the user's message: it never counts as one sent (stats, history).
          isUser: false,
          messageType: 'voice_call',
          voiceCallStatus: 'active',
          voiceCallStartedAt: values.startedAt,
          metadata: values.metadata as unknown as Record<string, unknown>,
        })
        .returning();
      return row as CallRow | undefined;
    });
  }

  /** The pipeline's join: the connect time, once, while the call is active. */
  async markConnected(id: string, at: Date): Promise<CallRow | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({
        metadata: sql`${messages.metadata} || jsonb_build_object('connected_at', ${at.toISOString()}::text)`,
      })
      .where(
        and(
          eq(messages.id, id),
          eq(messages.voiceCallStatus, 'active'),
          not(sql`${messages.metadata} ? 'connected_at'`),
        ),
      )
      .returning();
    return row as CallRow | undefined;
  }

  /** Ends the call once: only an active entry changes. Undefined = it had already ended. */
  async finishCall(
    id: string,
    patch: { status: string; durationSeconds: number; endedAt: Date; metadata: StoredCall },
  ): Promise<CallRow | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({
        voiceCallStatus: patch.status,
        voiceCallDuration: patch.durationSeconds,
        voiceCallEndedAt: patch.endedAt,
        metadata: patch.metadata as unknown as Record<string, unknown>,
      })
      .where(and(eq(messages.id, id), eq(messages.voiceCallStatus, 'active')))
      .returning();
    return row as CallRow | undefined;
  }

  /** The chat's newest messages, oldest first, as the prompt reads them. */
  async recent(chatId: string): Promise<PromptMessage[]> {
    const rows = await this.db
      .select({
        content: messages.content,
        isUser: messages.isUser,
        messageType: messages.messageType,
        refused: sql<string | null>`${messages.metadata}->>'refused'`,
      })
      .from(messages)
      .where(and(eq(messages.chatId, chatId), not(messages.isStreaming)))
      .orderBy(desc(messages.createdAt))
      .limit(HISTORY_ROWS);
    return rows.reverse();
  }

  async chatCharacter(chatId: string): Promise<CharacterRow | undefined> {
    const [row] = await this.db
      .select({ character: characters })
      .from(chats)
      .innerJoin(characters, and(eq(characters.id, chats.characterId), eq(characters.userId, chats.userId)))
      .where(eq(chats.id, chatId));
    return row?.character;
  }
}
