import type { Chat, Message } from '@podruga/shared';
import { isApiError } from '../../shared/api/index.ts';
import type { ChatApi } from './api.ts';

/** 000 §4: the guest-without-a-companion text once the redirect loop is broken. */
export const NO_COMPANION_TEXT = 'Пожалуйста, создайте подругу перед началом общения.';
/** 000 §8 chat creation failure, shown as assistant text. */
export const CREATE_CHAT_FAILED = 'Ошибка: Не удалось создать новый чат. Пожалуйста, попробуйте еще раз.';
const LOAD_MESSAGES_FAILED = 'Не удалось загрузить сообщения. Попробуйте обновить страницу.';

export type ChatInit =
  | { kind: 'ready'; chat: Chat; messages: Message[]; firstMessageFailed: boolean }
  | { kind: 'redirect'; to: string }
  | { kind: 'message'; text: string }
  /** A signed-in user with no companion yet: the page offers to create one or pick one (issue 9). */
  | { kind: 'no_companion' };

export interface ChatInitInput {
  api: Pick<ChatApi, 'listChats' | 'listCharacters' | 'createChat' | 'messages' | 'firstMessage'>;
  /** `/chat/:id` */
  routeId: string | undefined;
  /** STORAGE_KEYS.currentChatId */
  storedId: string | null;
  /** Signed in with an account (not a guest). */
  isMember: boolean;
  /** Counts one more redirect to "/" and says whether it may happen (router_redirect_count ≤ 3). */
  allowHomeRedirect: () => boolean;
  /** Told the chat as soon as it is known, before its messages: the page fetches the companion meanwhile. */
  onChat?: (chat: Chat) => void;
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * The chat a route id names: a chat id, or her companion's id (001 §2: a notification opens
 * `/chat/{character_id}`), which names her chat (the first listed).
 */
function findChat(chats: Chat[], id: string): Chat | undefined {
  return chats.find((c) => c.id === id) ?? chats.find((c) => c.character_id === id);
}

/** A promise that never rejects (so an answer nobody waits for is no unhandled rejection). */
function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

function unwrap<T>(result: Settled<T>): T {
  if (result.ok) return result.value;
  throw result.error;
}

/**
 * 000 §4 "Chat initialisation": find the chat (route, then the stored id, then the first chat; a member
 * without one gets a "New Chat" with their newest companion, or the no-companion state when there is
 * none — a chat needs her), load its messages, and ask for a first message when there are none.
 */
export async function initChat(input: ChatInitInput): Promise<ChatInit> {
  const { api, routeId } = input;
  const target = routeId ?? input.storedId;
  // The history of the chat we expect to open, asked for alongside the list: one round trip less before
  // the chat shows (DESIGN §8). Used only when that chat is the one found.
  const early = target ? settle(api.messages(target)) : null;
  let chats = await api.listChats();
  let chat = target ? findChat(chats, target) : undefined;
  if (target && !chat) {
    chats = await api.listChats();
    chat = findChat(chats, target);
    if (!chat && routeId) return { kind: 'redirect', to: '/' };
  }
  chat ??= chats[0];

  if (!chat) {
    if (!input.isMember) {
      return input.allowHomeRedirect()
        ? { kind: 'redirect', to: '/' }
        : { kind: 'message', text: NO_COMPANION_TEXT };
    }
    try {
      if ((await api.listCharacters()).length === 0) return { kind: 'no_companion' };
      chat = await api.createChat();
    } catch {
      return { kind: 'message', text: CREATE_CHAT_FAILED };
    }
  }

  input.onChat?.(chat);
  let messages: Message[];
  try {
    messages = early && chat.id === target ? unwrap(await early) : await api.messages(chat.id);
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      return { kind: 'redirect', to: '/profile' };
    }
    return { kind: 'message', text: LOAD_MESSAGES_FAILED };
  }

  if (messages.length > 0) return { kind: 'ready', chat, messages, firstMessageFailed: false };
  try {
    const first = await api.firstMessage(chat.id);
    return { kind: 'ready', chat, messages: [first.message], firstMessageFailed: false };
  } catch {
    return { kind: 'ready', chat, messages: [], firstMessageFailed: true };
  }
}
