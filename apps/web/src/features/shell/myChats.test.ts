import type { Character, Chat } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { chatToContinue, joinChats, touchChatCount } from './myChats.ts';

const chat = (id: string, characterId: string) =>
  ({ id, character_id: characterId, title: 'Chat', created_at: '', updated_at: '' }) as Chat;
const character = (id: string, name: string, avatar: string | null = null) =>
  ({ id, name, avatar, image: null }) as Character;

describe('the user menu\'s "Мои подруги" (001 §2)', () => {
  it('names each chat after its companion, newest first, leaving out a chat whose companion is gone', () => {
    const chats = joinChats(
      [chat('c2', 'b'), chat('c1', 'a'), chat('c0', 'gone')],
      [character('a', 'Алиса', 'a.jpg'), character('b', 'Вера')],
    );
    expect(chats).toEqual([
      { chatId: 'c2', name: 'Вера', avatar: null },
      { chatId: 'c1', name: 'Алиса', avatar: expect.stringContaining('a.jpg') },
    ]);
  });

  it('lists 5 chats on a touch device in a window under 700 px high, else 7', () => {
    expect(touchChatCount(699)).toBe(5);
    expect(touchChatCount(700)).toBe(7);
    expect(touchChatCount(844)).toBe(7);
  });

  it('offers on the home page the chat last visited when it is still hers, else the newest', () => {
    const chats = [
      { chatId: 'c2', name: 'Вера', avatar: null },
      { chatId: 'c1', name: 'Алиса', avatar: null },
    ];
    expect(chatToContinue(chats, '/chat/c1')?.name).toBe('Алиса');
    expect(chatToContinue(chats, '/chat/other')?.name).toBe('Вера');
    expect(chatToContinue(chats, '/chat')?.name).toBe('Вера');
    expect(chatToContinue(chats, null)?.name).toBe('Вера');
    expect(chatToContinue([], '/chat/c1')).toBeNull();
  });
});
