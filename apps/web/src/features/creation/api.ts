import type {
  Character,
  CharacterInput,
  Chat,
  GenerateImageBody,
  GenerateImageResponse,
} from '@podruga/shared';
import { api } from '../../shared/api/index.ts';

export interface SavedImage {
  success: boolean;
  image_path: string;
}

type InflectCase = 'accusative' | 'genitive' | 'nominative';
const INFLECT_PATHS: Record<InflectCase, string> = {
  accusative: '/api/inflection/inflect_name_accusative',
  genitive: '/api/inflection/inflect_name_genitive',
  nominative: '/api/inflection/inflect_name',
};

function imageForm(file: Blob, fileName: string, chatId: string, avatar: boolean): FormData {
  const form = new FormData();
  form.append('file', file, fileName);
  form.append('chat_id', chatId);
  if (avatar) form.append('is_avatar', 'true');
  return form;
}

/** The creation calls of 001 §7 (shapes in packages/shared/src/api/characters.ts). */
export const creationApi = {
  listCharacters: () => api.get<Character[]>('/api/characters/'),
  createCharacter: (input: CharacterInput) => api.post<Character>('/api/characters/', { json: input }),
  createChat: (characterId: string, title: string) =>
    api.post<Chat>('/api/chats/', { json: { character_id: characterId, title } }),
  createChatDirectory: (chatId: string) =>
    api.post<unknown>('/api/create_chat_directory', { json: { chat_id: chatId } }),
  saveInitialImage: (file: Blob, fileName: string, chatId: string) =>
    api.post<SavedImage>('/api/save_initial_image', { formData: imageForm(file, fileName, chatId, false) }),
  saveAvatarImage: (file: Blob, fileName: string, chatId: string) =>
    api.post<SavedImage>('/api/save_avatar_image', { formData: imageForm(file, fileName, chatId, true) }),
  generateImage: (body: GenerateImageBody) =>
    api.post<GenerateImageResponse>('/api/characters/generate_image', { json: body }),
  /** The name in a case; falls back to the plain name on any failure (001 §7). */
  async inflect(name: string, grammaticalCase: InflectCase): Promise<string> {
    try {
      const answer = await api.post<{ inflected_name?: unknown }>(INFLECT_PATHS[grammaticalCase], {
        json: { name },
      });
      return typeof answer?.inflected_name === 'string' && answer.inflected_name.trim()
        ? answer.inflected_name
        : name;
    } catch {
      return name;
    }
  },
};

export type CreationApi = typeof creationApi;
