import type {
  BasicGenerateResponse,
  Character,
  Chat,
  CreateExCharacterBody,
  LikenessAnalyzeResponse,
  LlmProcessResponse,
  LlmTaskType,
  SelectModelResponse,
} from '@podruga/shared';
import { api } from '../../shared/api/index.ts';

/** The appearance traits basic-generate draws from (001 §7): the form's, never the photo. */
export type LikenessTraits = Pick<
  CreateExCharacterBody,
  'age' | 'ethnicity' | 'body_type' | 'breast_size' | 'butt' | 'skin_shade' | 'hair_color' | 'hairstyle'
>;

/** The likeness calls (001 §7; packages/shared/src/api/likeness.ts). */
export const likenessApi = {
  /** The photo goes here and nowhere else; the server reads it in memory and forgets it. */
  analyze(photo: Blob, fileName: string): Promise<LikenessAnalyzeResponse> {
    const form = new FormData();
    form.append('file', photo, fileName);
    return api.post<LikenessAnalyzeResponse>('/api/likeness/analyze', { formData: form });
  },
  process: (prompt: string, task_type: LlmTaskType) =>
    api.post<LlmProcessResponse>('/api/llm/process', { json: { prompt, task_type } }),
  basicGenerate: (traits: LikenessTraits) =>
    api.post<BasicGenerateResponse>('/api/exgenerate/basic-generate', { json: traits }),
  createEx: (body: CreateExCharacterBody) => api.post<Character>('/api/characters/ex', { json: body }),
  selectModel: (
    characterId: string,
    body: { image_data: string; preview_token: string; model_name: string; character_data: unknown },
  ) =>
    api.post<SelectModelResponse>(`/api/exgenerate/select-model/${encodeURIComponent(characterId)}`, {
      json: body,
    }),
  createChat: (characterId: string, title: string) =>
    api.post<Chat>('/api/chats/', { json: { character_id: characterId, title } }),
  createChatDirectory: (chatId: string) =>
    api.post<unknown>('/api/create_chat_directory', { json: { chat_id: chatId } }),
};

export type LikenessApi = typeof likenessApi;
