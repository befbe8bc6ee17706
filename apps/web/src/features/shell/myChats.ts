import { type Character, type Chat, STORAGE_KEYS } from '@podruga/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/index.ts';
import { mediaSrc } from '../../shared/media.ts';
import { local } from '../../shared/storage.ts';
import { useAuth } from '../auth/store.ts';

/** 001 §9: the companions submenu hides 150 ms after the pointer leaves it. */
export const SUBMENU_CLOSE_DELAY_MS = 150;
/** 001 §2, §9: on touch devices the menu lists 5 chats in a window under 700 px high, else 7. */
const TOUCH_CHATS_SHORT = 5;
const TOUCH_CHATS_TALL = 7;
const TALL_WINDOW_PX = 700;

/** One of the user's chats as the menu and the home page show it: her name and avatar. */
export interface MyChat {
  chatId: string;
  name: string;
  avatar: string | null;
}

/** Chats (newest first, as the server lists them) with their companion; a chat whose companion is gone is left out. */
export function joinChats(chats: readonly Chat[], characters: readonly Character[]): MyChat[] {
  const byId = new Map(characters.map((c) => [c.id, c]));
  return chats.flatMap((chat) => {
    const character = byId.get(chat.character_id);
    if (!character) return [];
    return [{ chatId: chat.id, name: character.name, avatar: mediaSrc(character.avatar ?? character.image) }];
  });
}

/** How many chats the menu lists directly on a touch device (001 §2). */
export function touchChatCount(windowHeight: number): number {
  return windowHeight < TALL_WINDOW_PX ? TOUCH_CHATS_SHORT : TOUCH_CHATS_TALL;
}

/**
 * The chat to offer on the home page: the one the user last visited when it is still hers, else the
 * newest.
 */
export function chatToContinue(chats: readonly MyChat[], lastVisitedPath: string | null): MyChat | null {
  const visited = lastVisitedPath?.match(/^\/chat\/([^/?#]+)/)?.[1];
  return chats.find((c) => c.chatId === visited) ?? chats[0] ?? null;
}

function myChatsQuery(userId: string) {
  return queryOptions({
    // Asked again each time the menu or the home page shows it: a chat made elsewhere (wizard, gallery,
    // another device) appears without anyone having to invalidate it.
    queryKey: ['my-chats', userId],
    queryFn: async () => {
      const [chats, characters] = await Promise.all([
        api.get<Chat[]>('/api/chats/'),
        api.get<Character[]>('/api/characters/'),
      ]);
      return joinChats(chats, characters);
    },
  });
}

/**
 * The signed-in user's chats with their companions (the user menu's "Мои подруги", the home page's way
 * back). A guest can only have chats made on this device, which saved their path when visited: a new
 * visitor's first page asks nothing.
 */
export function useMyChats(): MyChat[] {
  const userId = useAuth((s) => s.user?.id ?? null);
  const isGuest = useAuth((s) => s.user?.membership_type === 'guest');
  const enabled = !!userId && (!isGuest || !!local.get(STORAGE_KEYS.lastVisitedPath));
  const { data } = useQuery({ ...myChatsQuery(userId ?? ''), enabled });
  return enabled ? (data ?? []) : [];
}
