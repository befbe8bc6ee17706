import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../db/client.ts';
import {
  type CharacterRow,
  type ChatRow,
  catalogueCompanions,
  characters,
  chats,
  imageGenerations,
  messages,
  users,
} from '../../db/schema/index.ts';

export type NewCharacter = Omit<typeof characters.$inferInsert, 'userId' | 'createdAt' | 'updatedAt'>;
export type CharacterChanges = Partial<Omit<NewCharacter, 'id'>>;

/** What a deleted companion leaves to remove from storage. */
export interface DeletedCharacter {
  character: CharacterRow;
  chatIds: string[];
  /** Her messages' ids: their spoken audio is stored as audio/<id>.<ext>. */
  herMessageIds: string[];
  /** Her videos' stored names (under vids/). */
  videos: string[];
}

export type CreateResult =
  | { ok: true; character: CharacterRow; chat: ChatRow | null }
  | { ok: false; reason: 'limit'; currentCount: number }
  | { ok: false; reason: 'id_taken' };

/** Companions and their chats. Queries only; the rules live in the services. */
export class CharactersRepository {
  constructor(private readonly db: Db) {}

  listByUser(userId: string): Promise<CharacterRow[]> {
    return this.db
      .select()
      .from(characters)
      .where(eq(characters.userId, userId))
      .orderBy(desc(characters.createdAt), desc(characters.id));
  }

  async findOwned(userId: string, id: string): Promise<CharacterRow | undefined> {
    const [row] = await this.db
      .select()
      .from(characters)
      .where(and(eq(characters.id, id), eq(characters.userId, userId)));
    return row;
  }

  async newestOwned(userId: string): Promise<CharacterRow | undefined> {
    const [row] = await this.listByUser(userId).then((rows) => rows.slice(0, 1));
    return row;
  }

  /**
   * Inserts a companion (and optionally her first chat) only while the owner is under `limit`. The
   * owner's row is locked (`SELECT … FOR UPDATE`) for the count and the insert, so two concurrent
   * creates at the limit cannot both pass — on PostgreSQL and on PGlite alike.
   */
  async createWithinLimit(
    userId: string,
    limit: number | null,
    values: NewCharacter,
    chatTitle: string | null,
  ): Promise<CreateResult> {
    try {
      return await this.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        if (limit !== null) {
          const [row] = await tx.select({ n: count() }).from(characters).where(eq(characters.userId, userId));
          const currentCount = Number(row?.n ?? 0);
          if (currentCount >= limit) return { ok: false, reason: 'limit', currentCount } as const;
        }
        const [character] = await tx
          .insert(characters)
          .values({ ...values, userId })
          .returning();
        if (!character) throw new Error('insert returned no row');
        let chat: ChatRow | null = null;
        if (chatTitle !== null) {
          const [row] = await tx
            .insert(chats)
            .values({ userId, characterId: character.id, title: chatTitle })
            .returning();
          chat = row ?? null;
        }
        return { ok: true, character, chat } as const;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'id_taken' };
      throw error;
    }
  }

  async idExists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: characters.id }).from(characters).where(eq(characters.id, id));
    return row !== undefined;
  }

  async update(userId: string, id: string, changes: CharacterChanges): Promise<CharacterRow | undefined> {
    const [row] = await this.db
      .update(characters)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(characters.id, id), eq(characters.userId, userId)))
      .returning();
    return row;
  }

  /** Deletes her; her chats and their messages go with her (foreign keys cascade). */
  async delete(userId: string, id: string): Promise<DeletedCharacter | undefined> {
    return this.db.transaction(async (tx) => {
      const chatRows = await tx
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.characterId, id), eq(chats.userId, userId)));
      // Her videos (vids/<name>) and the spoken audio of her messages (audio/<message id>.<ext>) live
      // outside the chat's folder: their names are read before the rows go.
      const media = await tx
        .select({ id: messages.id, videoPath: messages.videoPath })
        .from(messages)
        .innerJoin(chats, eq(messages.chatId, chats.id))
        .where(and(eq(chats.characterId, id), eq(chats.userId, userId), eq(messages.isUser, false)));
      const [character] = await tx
        .delete(characters)
        .where(and(eq(characters.id, id), eq(characters.userId, userId)))
        .returning();
      if (!character) return undefined;
      return {
        character,
        chatIds: chatRows.map((c) => c.id),
        herMessageIds: media.map((m) => m.id),
        videos: media.flatMap((m) => (m.videoPath ? [m.videoPath] : [])),
      };
    });
  }

  /** Whether any companion or catalogue entry still shows this stored media name. */
  async mediaInUse(name: string): Promise<boolean> {
    const [own] = await this.db
      .select({ n: count() })
      .from(characters)
      .where(or(eq(characters.image, name), eq(characters.avatar, name)));
    const [catalogue] = await this.db
      .select({ n: count() })
      .from(catalogueCompanions)
      .where(or(eq(catalogueCompanions.image, name), eq(catalogueCompanions.avatar, name)));
    return Number(own?.n ?? 0) + Number(catalogue?.n ?? 0) > 0;
  }

  // Chats

  listChats(userId: string): Promise<ChatRow[]> {
    return this.db
      .select()
      .from(chats)
      .where(eq(chats.userId, userId))
      .orderBy(desc(chats.createdAt), desc(chats.id));
  }

  chatsOfCharacter(userId: string, characterId: string): Promise<ChatRow[]> {
    return this.db
      .select()
      .from(chats)
      .where(and(eq(chats.userId, userId), eq(chats.characterId, characterId)))
      .orderBy(desc(chats.createdAt), desc(chats.id));
  }

  async findOwnedChat(userId: string, chatId: string): Promise<ChatRow | undefined> {
    const [row] = await this.db
      .select()
      .from(chats)
      .where(and(eq(chats.id, chatId), eq(chats.userId, userId)));
    return row;
  }

  async createChat(userId: string, characterId: string, title: string): Promise<ChatRow> {
    const [row] = await this.db.insert(chats).values({ userId, characterId, title }).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  // Portrait generations per draft

  /**
   * Counts one generation for the draft unless it already has `max`: the new count, or null when the
   * draft is used up. One statement, so concurrent requests cannot overshoot.
   */
  async takeDraftGeneration(userId: string, draftId: string, max: number): Promise<number | null> {
    const [row] = await this.db
      .insert(imageGenerations)
      .values({ userId, draftId, count: 1 })
      .onConflictDoUpdate({
        target: [imageGenerations.userId, imageGenerations.draftId],
        set: { count: sql`${imageGenerations.count} + 1`, updatedAt: new Date() },
        setWhere: sql`${imageGenerations.count} < ${max}`,
      })
      .returning({ count: imageGenerations.count });
    return row?.count ?? null;
  }

  /** Gives a generation back when the provider failed: the user did not get an image. */
  async returnDraftGeneration(userId: string, draftId: string): Promise<void> {
    await this.db
      .update(imageGenerations)
      .set({ count: sql`greatest(${imageGenerations.count} - 1, 0)` })
      .where(and(eq(imageGenerations.userId, userId), eq(imageGenerations.draftId, draftId)));
  }
}
