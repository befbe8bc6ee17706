import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type CharacterRow,
  type ChatRow,
  characters,
  chats,
  type MessageRow,
  messages,
} from '../../db/schema/index.ts';

export type NewMessage = Omit<typeof messages.$inferInsert, 'id'>;

/** A chat and its companion (the companion may be missing if the data is inconsistent). */
export interface ChatWithCharacter {
  chat: ChatRow;
  character: CharacterRow | null;
}

/** The number of rows `recent` reads for a prompt. */
export const HISTORY_ROWS = 60;

/**
 * Messages of a chat. Queries only; the rules live in the service. The queries every chat message
 * runs are prepared once (DESIGN §8): no SQL is rebuilt per message, and PostgreSQL plans them once
 * per connection.
 */
export class MessagesRepository {
  private readonly chatWithCharacter;
  private readonly recentRows;

  constructor(private readonly db: Db) {
    this.chatWithCharacter = db
      .select({ chat: chats, character: characters })
      .from(chats)
      .leftJoin(characters, and(eq(characters.id, chats.characterId), eq(characters.userId, chats.userId)))
      .where(eq(chats.id, sql.placeholder('chatId')))
      .prepare('chat_with_character');
    this.recentRows = db
      .select()
      .from(messages)
      .where(eq(messages.chatId, sql.placeholder('chatId')))
      .orderBy(desc(messages.createdAt))
      .limit(HISTORY_ROWS)
      .prepare('recent_messages');
  }

  async findChat(chatId: string): Promise<ChatRow | undefined> {
    const [row] = await this.db.select().from(chats).where(eq(chats.id, chatId));
    return row;
  }

  async findChatWithCharacter(chatId: string): Promise<ChatWithCharacter | undefined> {
    const [row] = await this.chatWithCharacter.execute({ chatId });
    return row;
  }

  async characterOf(chat: ChatRow): Promise<CharacterRow | undefined> {
    const [row] = await this.db
      .select()
      .from(characters)
      .where(and(eq(characters.id, chat.characterId), eq(characters.userId, chat.userId)));
    return row;
  }

  async insert(values: NewMessage): Promise<MessageRow> {
    const [row] = await this.db.insert(messages).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  list(chatId: string): Promise<MessageRow[]> {
    return this.db
      .select()
      .from(messages)
      .where(eq(messages.chatId, chatId))
      .orderBy(asc(messages.createdAt), asc(messages.isUser));
  }

  /** The newest HISTORY_ROWS messages, oldest first (the prompt's history). */
  async recent(chatId: string): Promise<MessageRow[]> {
    const rows = await this.recentRows.execute({ chatId });
    return rows.reverse();
  }

  async first(chatId: string): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(messages)
      .where(eq(messages.chatId, chatId))
      .orderBy(asc(messages.createdAt))
      .limit(1);
    return row;
  }
}
