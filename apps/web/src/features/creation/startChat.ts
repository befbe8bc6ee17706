import type { CharacterInput } from '@podruga/shared';
import { errorText } from '../../shared/api/index.ts';
import { type PaywallRequest, paywallFromError } from '../paywall/decide.ts';
import type { CreationApi } from './api.ts';

/** 001 §8 "Failed to start chat: {message}", in the app's voice. */
export const START_CHAT_FAILED = 'Не удалось начать чат';
/** 001 §8 inner errors, in Russian. */
const START_CHAT_ERRORS = {
  character: 'Не удалось создать подругу',
  chat: 'Не удалось создать чат с подругой',
  noChatId: 'Сервер не вернул идентификатор чата',
  images: 'Не удалось сохранить портрет подруги',
} as const;

export type StartChatApi = Pick<
  CreationApi,
  'createCharacter' | 'createChat' | 'createChatDirectory' | 'saveInitialImage' | 'saveAvatarImage'
>;

/** What is already done, so a retry after a failure in the middle resumes instead of starting over. */
export interface StartChatProgress {
  characterId?: string;
  chatId?: string;
  directory?: boolean;
  initialImage?: boolean;
}

export interface StartChatInput {
  character: CharacterInput;
  /** The portrait as a JPEG (converted from the generated PNG). */
  jpeg: Blob;
  progress: StartChatProgress;
}

export type StartChatResult =
  | { ok: true; chatId: string }
  | { ok: false; message: string; paywall: PaywallRequest | null };

function fail(step: string, error: unknown): StartChatResult {
  const paywall = paywallFromError(error);
  return { ok: false, paywall, message: `${START_CHAT_FAILED}: ${errorText(error, step)}` };
}

/**
 * 'get to know {name}' (001 §4): create the character, then a chat ("Chat with {name}"), the chat's
 * folder, then save the first image and the avatar. The caller navigates (replacing history) on success.
 * Steps already done (in `progress`, updated in place) are skipped on a retry.
 */
export async function startChat(api: StartChatApi, input: StartChatInput): Promise<StartChatResult> {
  const { character, jpeg, progress } = input;
  const name = character.name;

  if (!progress.characterId) {
    try {
      const created = await api.createCharacter(character);
      if (!created?.id) return fail(START_CHAT_ERRORS.character, null);
      progress.characterId = created.id;
    } catch (error) {
      return fail(START_CHAT_ERRORS.character, error);
    }
  }

  if (!progress.chatId) {
    try {
      const chat = await api.createChat(progress.characterId, `Chat with ${name}`);
      if (!chat?.id) return fail(START_CHAT_ERRORS.noChatId, null);
      progress.chatId = chat.id;
    } catch (error) {
      return fail(START_CHAT_ERRORS.chat, error);
    }
  }
  const chatId = progress.chatId;

  try {
    if (!progress.directory) {
      await api.createChatDirectory(chatId);
      progress.directory = true;
    }
    const fileName = `${name}_first.jpg`;
    if (!progress.initialImage) {
      await api.saveInitialImage(jpeg, fileName, chatId);
      progress.initialImage = true;
    }
    await api.saveAvatarImage(jpeg, fileName, chatId);
  } catch (error) {
    return fail(START_CHAT_ERRORS.images, error);
  }
  return { ok: true, chatId };
}
