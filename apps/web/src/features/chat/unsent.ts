import { local, readJson } from '../../shared/storage.ts';

/** A message that did not go through (over the daily limit), kept so that nothing the user typed is lost. */
export interface UnsentMessage {
  id: string;
  text: string;
  timestamp: number;
}

/** Keeps a chat's unsent messages; the chat store saves on every change and loads on opening a chat. */
export interface UnsentStorage {
  load(chatId: string): UnsentMessage[];
  save(chatId: string, messages: readonly UnsentMessage[]): void;
}

/** The local key (removed with the rest of the local data on logout, like the chat history). */
const KEY = 'unsentMessages';
/** Enough for anyone who went on typing past the limit; a runaway list stops growing here. */
const MAX_PER_CHAT = 20;

type Stored = Record<string, UnsentMessage[]>;

function isUnsent(value: unknown): value is UnsentMessage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.text === 'string' && typeof v.timestamp === 'number';
}

function readAll(): Stored {
  const raw = readJson(local, KEY);
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Stored) : {};
}

/** Unsent messages in localStorage, one list per chat. */
export const localUnsent: UnsentStorage = {
  load(chatId) {
    const list = readAll()[chatId];
    return Array.isArray(list) ? list.filter(isUnsent) : [];
  },
  save(chatId, messages) {
    const all = readAll();
    if (messages.length === 0) delete all[chatId];
    else all[chatId] = messages.slice(-MAX_PER_CHAT);
    if (Object.keys(all).length === 0) local.remove(KEY);
    else local.set(KEY, JSON.stringify(all));
  },
};
