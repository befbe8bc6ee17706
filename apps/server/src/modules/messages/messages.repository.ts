import { and, asc, desc, eq, getTableColumns, not, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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
import { consumeStatement, type Usage } from '../limits/usage-statement.ts';
import type { SceneState } from '../safety/scene.ts';

export type NewMessage = Omit<typeof messages.$inferInsert, 'id'>;

/** A user's message: what `insertTurn` stores. */
export interface NewUserMessage {
  chatId: string;
  userId: string;
  content: string;
  imagePath: string | null;
}

/** Her reply written whole with the user's message, not streamed (her photo's or video's placeholder). */
export interface ReadyReply {
  content: string;
  messageType: string;
  metadata: Record<string, unknown>;
}

/** A user's message and the companion's reply row, stored empty in the streaming state. */
export interface StoredTurn {
  userMessage: MessageRow;
  reply: MessageRow;
}

/** What one crash-recovery pass did. */
export interface Recovered {
  /** Replies with text: kept, marked `metadata.interrupted`. */
  interrupted: number;
  /** Replies that had sent nothing: removed, their message given back to the day's allowance. */
  removed: number;
}

/** A streaming reply's text at a checkpoint; null = unchanged since the last one (only the time moves). */
export interface Checkpoint {
  id: string;
  content: string | null;
}

/** json from the driver: node-postgres and PGlite parse it; a string is parsed here all the same. */
function parseJson<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

const COLUMNS = Object.entries(getTableColumns(messages));

/** Turns drizzle's SQL into text and parameters for a statement prepared by hand (`insertTurn`). */
const DIALECT = new PgDialect();
type PreparedTurn = { execute(placeholders: Record<string, unknown>): Promise<unknown> };

/** `returning` for raw statements: every column under its property name. */
const RETURNING = sql.join(
  COLUMNS.map(([key, column]) => sql`${sql.identifier(column.name)} as ${sql.identifier(key)}`),
  sql`, `,
);
/**
 * The same without the text, read back as null: a statement that stored a text the caller holds need not
 * read it back (a 3,000-character message is ~6 KB to decode again; DESIGN §8).
 */
const RETURNING_BUT_CONTENT = sql.join(
  COLUMNS.map(([key, column]) =>
    key === 'content'
      ? sql`null::text as ${sql.identifier(key)}`
      : sql`${sql.identifier(column.name)} as ${sql.identifier(key)}`,
  ),
  sql`, `,
);
/** Every column but the text, for drizzle's `returning` (see RETURNING_BUT_CONTENT). */
const { content: _content, ...BUT_CONTENT } = getTableColumns(messages);
/** The same, of the table aliased `m` (an UPDATE … FROM, where a bare name could be ambiguous). */
const RETURNING_M = sql.join(
  COLUMNS.map(([key, column]) => sql`m.${sql.identifier(column.name)} as ${sql.identifier(key)}`),
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
export type HistoryRow = Pick<MessageRow, 'id' | 'content' | 'isUser' | 'messageType'> & {
  /** `metadata.refused`: a message the safety check refused, or her answer to it (neither is context). */
  refused?: string | null;
};

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
const HISTORY_ROWS = 60;

/**
 * Messages of a chat. Queries only; the rules live in the service. The queries every chat message
 * runs are prepared once (DESIGN §8): no SQL is rebuilt per message, and PostgreSQL plans them once
 * per connection.
 */
export class MessagesRepository {
  private readonly userWithChat;
  private readonly recentRows;
  private readonly finishRow;
  private readonly turnStatements = new Map<string, PreparedTurn>();

  constructor(private readonly db: Db) {
    this.userWithChat = db
      .select({
        user: users,
        chat: chats,
        character: characters,
        // The prompt's history, newest HISTORY_ROWS, as JSON: no second trip before the model is asked.
        history: sql<HistoryRow[] | null>`(
          select json_agg(json_build_object('id', h.id, 'content', h.content, 'isUser', h.is_user,
            'messageType', h.message_type, 'refused', h.metadata->>'refused') order by h.created_at)
          from (
            select id, content, is_user, message_type, metadata, created_at from ${messages}
            where ${messages.chatId} = ${chats.id} and not ${messages.isStreaming}
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
        refused: sql<string | null>`${messages.metadata}->>'refused'`,
      })
      .from(messages)
      .where(and(eq(messages.chatId, sql.placeholder('chatId')), not(messages.isStreaming)))
      .orderBy(desc(messages.createdAt))
      .limit(HISTORY_ROWS)
      .prepare('recent_messages');
    // The reply takes the time it was finished, as it did when it was inserted at the end.
    this.finishRow = db
      .update(messages)
      .set({
        content: sql`${sql.placeholder('content')}`,
        isStreaming: false,
        checkpointAt: null,
        createdAt: sql`now()`,
      })
      .where(eq(messages.id, sql.placeholder('id')))
      .returning(BUT_CONTENT)
      .prepare('finish_reply');
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

  /** One of `userId`'s messages with the companion of its chat (GET /api/messages/{id}/speech). */
  async findOwnedWithCharacter(
    messageId: string,
    userId: string,
  ): Promise<{ message: MessageRow; character: CharacterRow } | undefined> {
    const [row] = await this.db
      .select({ message: getTableColumns(messages), character: getTableColumns(characters) })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .innerJoin(characters, and(eq(characters.id, chats.characterId), eq(characters.userId, userId)))
      .where(and(eq(messages.id, messageId), eq(messages.userId, userId), eq(chats.userId, userId)));
    return row;
  }

  async characterOf(chat: ChatRow): Promise<CharacterRow | undefined> {
    const [row] = await this.db
      .select()
      .from(characters)
      .where(and(eq(characters.id, chat.characterId), eq(characters.userId, chat.userId)));
    return row;
  }

  /**
   * A streamed reply's end: its text, out of the streaming state, in one UPDATE (the row was stored
   * with the user's message). `metadata` marks a reply cut short (`partial`, `interrupted`). Undefined
   * when the row is gone (another instance's recovery removed it: it thought this one dead).
   */
  async finishReply(
    id: string,
    content: string,
    metadata?: Record<string, unknown>,
  ): Promise<MessageRow | undefined> {
    if (!metadata) {
      const [row] = await this.finishRow.execute({ id, content });
      return row && { ...row, content };
    }
    const [row] = await this.db
      .update(messages)
      .set({ content, isStreaming: false, checkpointAt: null, createdAt: sql`now()`, metadata })
      .where(eq(messages.id, id))
      .returning();
    return row;
  }

  /** Every checkpoint due, in one statement: the texts that moved, and the time of all of them. */
  async checkpoint(replies: Checkpoint[]): Promise<void> {
    if (replies.length === 0) return;
    await this.db.execute(sql`
      update ${messages} m set content = coalesce(v.content, m.content), checkpoint_at = now()
      from jsonb_to_recordset(${JSON.stringify(replies)}::jsonb) as v(id uuid, content text)
      where m.id = v.id and m.is_streaming`);
  }

  /**
   * A streaming reply that reached the user with nothing: removed, and its message given back to the
   * day's allowance, in one statement.
   */
  async discardReply(id: string): Promise<void> {
    await this.db.execute(sql`
      with gone as (
        delete from ${messages} where id = ${id} and is_streaming returning user_id, charged_day
      )
      update ${dailyUsage} d set count = greatest(d.count - 1, 0)
      from gone
      where d.user_id = gone.user_id and d.day = gone.charged_day and d.resource = 'messages'`);
  }

  /**
   * Streaming replies whose last checkpoint is older than `staleMs` (database time) belong to an
   * instance that died: those with text are finished as interrupted, those without are removed; both
   * give their message back to the day's allowance (issue 17: a reply cut short is not charged; its
   * "continue" is). Rows another recovery holds are skipped. One statement; `chatId` limits it to one
   * chat.
   */
  async recover(staleMs: number, chatId?: string): Promise<Recovered> {
    const { interrupted, removed } = await this.finishStale(sql`
      select id, content, user_id, charged_day from ${messages}
      where is_streaming and checkpoint_at < now() - ${staleMs} * interval '1 millisecond'
        ${chatId ? sql`and chat_id = ${chatId}` : sql``}
      for update skip locked`);
    return { interrupted, removed };
  }

  /**
   * Replies whose instance stopped beating (issue 17, reply-streams.ts), finished with the text they
   * had sent — the stream's, or the last checkpoint's when that is longer — as `recover` does. The rows
   * it finished as interrupted are returned, so the chat's room can be told.
   */
  async recoverOrphans(orphans: Array<{ id: string; content: string }>): Promise<MessageRow[]> {
    if (orphans.length === 0) return [];
    const { rows } = await this.finishStale(sql`
      select m.id,
        case when char_length(v.content) > char_length(m.content) then v.content else m.content end as content,
        m.user_id, m.charged_day
      from ${messages} m
      join jsonb_to_recordset(${JSON.stringify(orphans)}::jsonb) as v(id uuid, content text) on v.id = m.id
      where m.is_streaming
      for update of m skip locked`);
    return rows;
  }

  /**
   * Finishes the streaming rows `stale` selects (id, content, user_id, charged_day): removed when empty,
   * interrupted with that content otherwise, their messages given back. One statement.
   */
  private async finishStale(stale: SQL): Promise<Recovered & { rows: MessageRow[] }> {
    const result: unknown = await this.db.execute(sql`
      with stale as (${stale}),
      gone as (
        delete from ${messages} m using stale s
        where m.id = s.id and btrim(s.content) = ''
        returning m.id
      ),
      released as (
        update ${dailyUsage} d set count = greatest(d.count - g.n, 0)
        from (select user_id, charged_day, count(*)::int as n from stale
              where charged_day is not null group by user_id, charged_day) g
        where d.user_id = g.user_id and d.day = g.charged_day and d.resource = 'messages'
        returning 1
      ),
      interrupted as (
        update ${messages} m set content = s.content, is_streaming = false, checkpoint_at = null,
          charged_day = null,
          metadata = coalesce(m.metadata, '{}'::jsonb) || '{"interrupted": true}'::jsonb
        from stale s
        where m.id = s.id and btrim(s.content) <> ''
        returning ${sql.join(
          COLUMNS.map(([key, column]) => sql`m.${sql.identifier(column.name)} as ${sql.identifier(key)}`),
          sql`, `,
        )}
      )
      select (select count(*) from gone)::int as removed,
        (select coalesce(json_agg(i), '[]'::json) from interrupted i) as rows`);
    const [row] = (result as { rows: Array<{ removed: number; rows: unknown }> }).rows;
    const rows = (parseJson<Array<Record<string, unknown>>>(row?.rows) ?? []).map(toMessageRow);
    return { interrupted: rows.length, removed: Number(row?.removed ?? 0), rows };
  }

  /**
   * A reply cut short while its instance lived (the model failed, or a shutdown's drain ran out): its
   * text and mark, out of the streaming state, and its message given back to the day's allowance (its
   * "continue" is charged instead), in one statement. Undefined when the row is gone.
   */
  async finishCutShort(
    id: string,
    content: string,
    metadata: Record<string, unknown>,
  ): Promise<MessageRow | undefined> {
    const result: unknown = await this.db.execute(sql`
      with done as (
        update ${messages} m set content = ${content}, is_streaming = false, checkpoint_at = null,
          created_at = now(), charged_day = null,
          metadata = coalesce(m.metadata, '{}'::jsonb) - 'interrupted' - 'partial' || ${JSON.stringify(metadata)}::jsonb
        from (select id, charged_day from ${messages} where id = ${id} for update) old
        where m.id = old.id
        returning ${RETURNING_M}, old.charged_day as "releasedDay"
      ),
      released as (
        update ${dailyUsage} d set count = greatest(d.count - 1, 0)
        from done where d.user_id = done."userId" and d.day = done."releasedDay" and d.resource = 'messages'
        returning 1
      )
      select * from done`);
    const [raw] = (result as { rows: Array<Record<string, unknown>> }).rows;
    return raw ? toMessageRow(raw) : undefined;
  }

  /**
   * "Continue" (issue 17): her reply cut short (interrupted or partial, the chat's newest message)
   * streams again from its text, charged to today's allowance, in one transaction with the row locked.
   * 'gone' when it is not such a reply any more (a second tap, a newer message, another chat's);
   * undefined when the allowance has no room (nothing changed).
   */
  async claimContinuation(
    id: string,
    chatId: string,
    usage: Usage,
  ): Promise<MessageRow | 'gone' | undefined> {
    return this.db.transaction(async (tx) => {
      const target: unknown = await tx.execute(sql`
        select m.id from ${messages} m
        where m.id = ${id} and m.chat_id = ${chatId} and not m.is_user and not m.is_streaming
          and (m.metadata ? 'interrupted' or m.metadata ? 'partial')
          and not exists (
            select 1 from ${messages} later
            where later.chat_id = m.chat_id and later.created_at > m.created_at)
        for update of m`);
      if ((target as { rows: unknown[] }).rows.length === 0) return 'gone' as const;
      const consumed: unknown = await tx.execute(consumeStatement(usage));
      if ((consumed as { rows: unknown[] }).rows.length === 0) return undefined;
      const claimed: unknown = await tx.execute(sql`
        update ${messages} m set is_streaming = true, checkpoint_at = now(), charged_day = ${usage.day}::date,
          metadata = nullif(coalesce(m.metadata, '{}'::jsonb) - 'interrupted' - 'partial', '{}'::jsonb)
        where m.id = ${id}
        returning ${RETURNING_M}`);
      const [raw] = (claimed as { rows: Array<Record<string, unknown>> }).rows;
      return raw ? toMessageRow(raw) : ('gone' as const);
    });
  }

  /** Her last in-character refusal in the chat, if any (rare path: a refused message or a cut reply). */
  async lastRefusal(chatId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ content: messages.content })
      .from(messages)
      .where(
        and(eq(messages.chatId, chatId), eq(messages.isUser, false), sql`${messages.metadata} ? 'refused'`),
      )
      .orderBy(desc(messages.createdAt))
      .limit(1);
    return row?.content;
  }

  /**
   * The chat's safety scene after a turn that changed it (issue 27): written only then — most turns set
   * up nobody and cost no write. Two tabs at once: the later turn's scene wins.
   */
  async saveScene(chatId: string, scene: SceneState): Promise<void> {
    await this.db.update(chats).set({ safetyScene: scene }).where(eq(chats.id, chatId));
  }

  /** What the break reminder reads of a chat's last `minutes`: when, whose, which were reminders. */
  async sessionRows(
    chatId: string,
    minutes: number,
  ): Promise<Array<Pick<MessageRow, 'createdAt' | 'isUser' | 'metadata'>>> {
    return this.db
      .select({ createdAt: messages.createdAt, isUser: messages.isUser, metadata: messages.metadata })
      .from(messages)
      .where(
        and(
          eq(messages.chatId, chatId),
          sql`${messages.createdAt} >= now() - make_interval(mins => ${Math.ceil(minutes)}::int)`,
        ),
      );
  }

  /** The user's message refused after it was stored (the guard's late verdict): no context from now on. */
  async markRefused(messageId: string, reason: string): Promise<void> {
    await this.db
      .update(messages)
      .set({
        metadata: sql`coalesce(${messages.metadata}, '{}'::jsonb) || ${JSON.stringify({ refused: reason })}::jsonb`,
      })
      .where(eq(messages.id, messageId));
  }

  async insert(values: NewMessage): Promise<MessageRow> {
    const [row] = await this.db.insert(messages).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /**
   * The user's message and the companion's reply row (empty, streaming, charged to `day` — or, with
   * `reply`, written whole), in one statement and one commit. With `usage` (a consumeStatement) both are stored only if the allowance
   * had room: undefined = used up, nothing stored. The reply sorts after the message.
   */
  async insertTurn(
    values: NewUserMessage,
    charge: { usage: Usage } | { day: string },
    ready?: ReadyReply,
  ): Promise<StoredTurn | undefined> {
    const usage = 'usage' in charge ? charge.usage : undefined;
    const params: Record<string, unknown> = {
      chatId: values.chatId,
      userId: values.userId,
      content: values.content,
      imagePath: values.imagePath,
      day: usage ? usage.day : (charge as { day: string }).day,
    };
    if (usage)
      Object.assign(params, {
        usageUser: usage.userId,
        resource: usage.resource,
        limit: usage.limit,
        amount: usage.amount,
      });
    if (ready)
      Object.assign(params, {
        replyContent: ready.content,
        replyType: ready.messageType,
        replyMetadata: JSON.stringify(ready.metadata),
      });
    const result: unknown = await this.turnStatement(Boolean(usage), Boolean(ready)).execute(params);
    // node-postgres and PGlite both answer `{rows}`.
    const rows = (result as { rows: Array<Record<string, unknown>> }).rows.map(toMessageRow);
    const userMessage = rows.find((row) => row.isUser);
    const reply = rows.find((row) => !row.isUser);
    // The message's text is not read back: it is what was stored.
    if (userMessage) userMessage.content = values.content;
    return userMessage && reply ? { userMessage, reply } : undefined;
  }

  /**
   * `insertTurn`'s statement in its four shapes (counted or charged to a day; her reply streaming or
   * written whole), each built once and prepared by name: a chat message neither rebuilds its SQL nor
   * has PostgreSQL parse and plan it again.
   */
  private turnStatement(counted: boolean, ready: boolean): PreparedTurn {
    const key = `insert_turn_${counted ? 'counted' : 'charged'}_${ready ? 'ready' : 'streaming'}`;
    const known = this.turnStatements.get(key);
    if (known) return known;
    const p = sql.placeholder;
    const replyRow = ready
      ? sql`${p('replyContent')}::text, false, false, null, ${p('day')}::date, ${p('replyType')}::text,
          ${p('replyMetadata')}::jsonb`
      : sql`'', false, true, now(), ${p('day')}::date, 'text', null`;
    const usage = {
      userId: p('usageUser'),
      day: p('day'),
      resource: p('resource'),
      limit: p('limit'),
      amount: p('amount'),
    };
    const statement = sql`
      with ${counted ? sql`allowed as (${consumeStatement(usage)}),` : sql``}
      asked as (
        insert into ${messages} (chat_id, user_id, content, is_user, image_path)
        select ${p('chatId')}::uuid, ${p('userId')}::uuid, ${p('content')}::text, true,
          ${p('imagePath')}::text
        ${counted ? sql`from allowed` : sql``}
        returning *
      ),
      reply as (
        insert into ${messages} (chat_id, user_id, content, is_user, is_streaming, checkpoint_at,
          charged_day, message_type, metadata, created_at)
        select chat_id, user_id, ${replyRow},
          greatest(clock_timestamp(), created_at + interval '1 microsecond')
        from asked
        returning *
      )
      select ${RETURNING_BUT_CONTENT} from asked union all select ${RETURNING} from reply`;
    const prepared: PreparedTurn = this.db._.session.prepareQuery(
      DIALECT.sqlToQuery(statement),
      undefined,
      key,
      false,
    );
    this.turnStatements.set(key, prepared);
    return prepared;
  }

  /**
   * The chat's rate-limit card for one limit window (`metadata.limit_day`), written with today's
   * text: the existing card updated, else a new one (a unique index keeps one per window even when
   * refusals race).
   */
  async upsertRateLimitCard(values: {
    chatId: string;
    userId: string;
    content: string;
    metadata: Record<string, unknown> & { limit_day: string };
  }): Promise<MessageRow> {
    const update = async () => {
      const [row] = await this.db
        .update(messages)
        .set({ content: values.content, metadata: values.metadata })
        .where(
          and(
            eq(messages.chatId, values.chatId),
            eq(messages.messageType, 'rate_limit'),
            sql`${messages.metadata}->>'limit_day' = ${values.metadata.limit_day}`,
          ),
        )
        .returning();
      return row;
    };
    const existing = await update();
    if (existing) return existing;
    const [inserted] = await this.db
      .insert(messages)
      .values({ ...values, isUser: false, messageType: 'rate_limit' })
      .onConflictDoNothing()
      .returning();
    // Lost a race with another refusal: its card is committed now, and this statement sees it.
    const card = inserted ?? (await update());
    if (!card) throw new Error('rate-limit card neither stored nor found');
    return card;
  }

  /**
   * Whether `name` is media this user stored: a photo sent in one of their messages, or a portrait
   * or avatar of one of their companions.
   */
  async ownsMedia(userId: string, name: string): Promise<boolean> {
    const result: unknown = await this.db.execute(sql`
      select exists (
        select 1 from ${messages} where user_id = ${userId} and is_user and image_path = ${name}
      ) or exists (
        select 1 from ${characters} where user_id = ${userId} and (image = ${name} or avatar = ${name})
      ) as owned`);
    const [row] = (result as { rows: Array<{ owned: boolean }> }).rows;
    return row?.owned === true;
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
