import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type CharacterRow,
  type ChatRow,
  characters,
  chats,
  dailyUsage,
  type MessageRow,
  messages,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import { consumeStatement, type Usage } from '../limits/limits.repository.ts';

export type NewMessage = Omit<typeof messages.$inferInsert, 'id'>;

/** A user's text message: what `insertCounted` stores. */
export interface NewUserMessage {
  chatId: string;
  userId: string;
  content: string;
  imagePath: string | null;
}

/** json from the driver: node-postgres and PGlite parse it; a string is parsed here all the same. */
function parseJson<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

const COLUMNS = Object.entries(getTableColumns(messages));

/** `returning` for raw statements: every column under its property name. */
const RETURNING = sql.join(
  COLUMNS.map(([key, column]) => sql`${sql.identifier(column.name)} as ${sql.identifier(key)}`),
  sql`, `,
);

/** A raw row mapped the way drizzle maps its own results (timestamps to Dates, jsonb parsed). */
function toMessageRow(raw: Record<string, unknown>): MessageRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of COLUMNS) {
    const value = raw[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as MessageRow;
}

/** What the prompt needs of a past message. */
export type HistoryRow = Pick<MessageRow, 'id' | 'content' | 'isUser' | 'messageType'>;

/** A chat and its companion (the companion may be missing if the data is inconsistent). */
export interface ChatWithCharacter {
  chat: ChatRow;
  character: CharacterRow | null;
  /** The chat's newest HISTORY_ROWS messages, oldest first, when read with it. */
  history?: HistoryRow[];
  /** Messages the user has sent today, when read with it (the count before this one). */
  usedToday?: number;
}

/** The number of rows `recent` reads for a prompt. */
export const HISTORY_ROWS = 60;

/**
 * Messages of a chat. Queries only; the rules live in the service. The queries every chat message
 * runs are prepared once (DESIGN §8): no SQL is rebuilt per message, and PostgreSQL plans them once
 * per connection.
 */
export class MessagesRepository {
  private readonly userWithChat;
  private readonly recentRows;
  private readonly replyRow;

  constructor(private readonly db: Db) {
    this.userWithChat = db
      .select({
        user: users,
        chat: chats,
        character: characters,
        // The prompt's history, newest HISTORY_ROWS, as JSON: no second trip before the model is asked.
        history: sql<HistoryRow[] | null>`(
          select json_agg(json_build_object('id', h.id, 'content', h.content, 'isUser', h.is_user,
            'messageType', h.message_type) order by h.created_at)
          from (
            select id, content, is_user, message_type, created_at from ${messages}
            where ${messages.chatId} = ${chats.id}
            order by ${messages.createdAt} desc limit ${sql.raw(String(HISTORY_ROWS))}
          ) h)`,
        usedToday: sql<number | null>`(
          select ${dailyUsage.count} from ${dailyUsage}
          where ${dailyUsage.userId} = ${users.id} and ${dailyUsage.day} = ${sql.placeholder('day')}
            and ${dailyUsage.resource} = 'messages')`,
      })
      .from(users)
      .leftJoin(chats, eq(chats.id, sql.placeholder('chatId')))
      .leftJoin(characters, and(eq(characters.id, chats.characterId), eq(characters.userId, chats.userId)))
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare('user_with_chat');
    this.recentRows = db
      .select({
        id: messages.id,
        content: messages.content,
        isUser: messages.isUser,
        messageType: messages.messageType,
      })
      .from(messages)
      .where(eq(messages.chatId, sql.placeholder('chatId')))
      .orderBy(desc(messages.createdAt))
      .limit(HISTORY_ROWS)
      .prepare('recent_messages');
    this.replyRow = db
      .insert(messages)
      .values({
        chatId: sql.placeholder('chatId'),
        userId: sql.placeholder('userId'),
        content: sql.placeholder('content'),
        isUser: false,
      })
      .returning()
      .prepare('insert_reply');
  }

  async findChat(chatId: string): Promise<ChatRow | undefined> {
    const [row] = await this.db.select().from(chats).where(eq(chats.id, chatId));
    return row;
  }

  /**
   * A user, and a chat with her companion, in one trip (a chat message needs both). `chatId` null or
   * unknown: no chat. The chat may be someone else's: the caller checks.
   */
  async findUserWithChat(
    userId: string,
    chatId: string | null,
    day: string,
  ): Promise<{ user: UserRow; owned: ChatWithCharacter | undefined } | undefined> {
    const [row] = await this.userWithChat.execute({ userId, chatId, day });
    if (!row) return undefined;
    if (!row.chat) return { user: row.user, owned: undefined };
    return {
      user: row.user,
      owned: {
        chat: row.chat,
        character: row.character,
        history: parseJson<HistoryRow[]>(row.history) ?? [],
        usedToday: Number(row.usedToday ?? 0),
      },
    };
  }

  async characterOf(chat: ChatRow): Promise<CharacterRow | undefined> {
    const [row] = await this.db
      .select()
      .from(characters)
      .where(and(eq(characters.id, chat.characterId), eq(characters.userId, chat.userId)));
    return row;
  }

  /** The companion's finished reply (every streamed reply ends here). */
  async insertReply(values: { chatId: string; userId: string; content: string }): Promise<MessageRow> {
    const [row] = await this.replyRow.execute(values);
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async insert(values: NewMessage): Promise<MessageRow> {
    const [row] = await this.db.insert(messages).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /**
   * The user's message, stored only if the allowance step (a consumeStatement) has room: one
   * statement, one commit. Undefined = the allowance was used up and nothing was stored.
   */
  async insertCounted(values: NewUserMessage, usage: Usage): Promise<MessageRow | undefined> {
    const result: unknown = await this.db.execute(sql`
      with allowed as (${consumeStatement(usage)})
      insert into ${messages} (chat_id, user_id, content, is_user, image_path)
      select ${values.chatId}::uuid, ${values.userId}::uuid, ${values.content}::text, true,
        ${values.imagePath}::text
      from allowed
      returning ${RETURNING}`);
    // node-postgres and PGlite both answer `{rows}`.
    const [row] = (result as { rows: Array<Record<string, unknown>> }).rows;
    return row ? toMessageRow(row) : undefined;
  }

  list(chatId: string): Promise<MessageRow[]> {
    return this.db
      .select()
      .from(messages)
      .where(eq(messages.chatId, chatId))
      .orderBy(asc(messages.createdAt), asc(messages.isUser));
  }

  /** The newest HISTORY_ROWS messages, oldest first, as much of them as the prompt reads. */
  async recent(chatId: string): Promise<HistoryRow[]> {
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
