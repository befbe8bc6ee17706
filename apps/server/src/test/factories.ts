import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { characters, chats, messages, users } from '../db/schema/index.ts';

/** Rows the auth features do not create themselves (companions, chats), straight into the database. */
export async function createCompanionWithChat(database: Database, userId: string) {
  const [character] = await database.db
    .insert(characters)
    .values({ userId, name: 'Алиса', age: 23 })
    .returning();
  if (!character) throw new Error('no character');
  const [chat] = await database.db
    .insert(chats)
    .values({ userId, characterId: character.id, title: 'Chat with Алиса' })
    .returning();
  if (!chat) throw new Error('no chat');
  await database.db.insert(messages).values([
    { chatId: chat.id, userId, content: 'Привет!', isUser: true },
    { chatId: chat.id, userId, content: 'Привет, рада тебя видеть!', isUser: false },
  ]);
  return { character, chat };
}

export async function findUser(database: Database, id: string) {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function ownersOf(database: Database, characterId: string) {
  const [character] = await database.db.select().from(characters).where(eq(characters.id, characterId));
  const chatRows = await database.db.select().from(chats).where(eq(chats.characterId, characterId));
  const messageRows = chatRows[0]
    ? await database.db.select().from(messages).where(eq(messages.chatId, chatRows[0].id))
    : [];
  return {
    character: character?.userId,
    chats: chatRows.map((c) => c.userId),
    messages: messageRows.map((m) => m.userId),
  };
}
