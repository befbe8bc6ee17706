import { and, asc, desc, eq } from 'drizzle-orm';
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

/** Messages of a chat. Queries only; the rules live in the service. */
export class MessagesRepository {
  constructor(private readonly db: Db) {}

  async findChat(chatId: string): Promise<ChatRow | undefined> {
    const [row] = await this.db.select().from(chats).where(eq(chats.id, chatId));
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

  /** The newest `limit` messages, oldest first (the prompt's history). */
  async recent(chatId: string, limit: number): Promise<MessageRow[]> {
    const rows = await this.db
      .select()
      .from(messages)
      .where(eq(messages.chatId, chatId))
      .orderBy(desc(messages.createdAt))
      .limit(limit);
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
