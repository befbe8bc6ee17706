import type { CharacterRow, ChatRow, UserRow } from '../../db/schema/index.ts';
import { errors } from '../../errors.ts';
import { isUuid } from '../../validation.ts';
import type { MessagesRepository } from './messages.repository.ts';
import { MESSAGE_TEXTS } from './messages.texts.ts';

/** A chat id worth asking the database about: a malformed one is simply no chat (404, never a 500). */
export function chatIdOrNull(chatId: string): string | null {
  return isUuid(chatId) ? chatId : null;
}

/** 404 for an unknown chat, 403 for another user's (000 §6). */
export function ownerCheck(user: UserRow, chat: ChatRow | undefined): ChatRow {
  if (!chat) throw errors.notFound();
  if (chat.userId !== user.id) throw errors.forbidden(MESSAGE_TEXTS.notAuthorized);
  return chat;
}

/** The user's chat by id, or 404/403. */
export async function ownedChat(repo: MessagesRepository, user: UserRow, chatId: string): Promise<ChatRow> {
  return ownerCheck(user, await findChat(repo, chatId));
}

async function findChat(repo: MessagesRepository, chatId: string): Promise<ChatRow | undefined> {
  const id = chatIdOrNull(chatId);
  if (!id) return undefined;
  return repo.findChat(id);
}

/** The chat's companion; 404 when the data lost her. */
export async function characterOf(repo: MessagesRepository, chat: ChatRow): Promise<CharacterRow> {
  const character = await repo.characterOf(chat);
  if (!character) throw errors.notFound();
  return character;
}
