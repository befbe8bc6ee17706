import {
  type Character,
  type Chat,
  type ContinueReplyResponse,
  type Message,
  type MessageLimits,
  type PostMessageResponse,
  retryMediaPath,
} from '@podruga/shared';
import { api } from '../../shared/api/index.ts';

/** The chat's calls of 000 §7 (shapes in packages/shared/src/api). */
export const chatApi = {
  listChats: () => api.get<Chat[]>('/api/chats/'),
  /** 000 §4: a signed-in user without a chat gets one titled "New Chat". */
  createChat: () => api.post<Chat>('/api/chats/', { json: { title: 'New Chat' } }),
  /** The user's companions: a member without a chat gets one only when there is a companion for it. */
  listCharacters: () => api.get<Character[]>('/api/characters/'),
  character: (id: string) => api.get<Character>(`/api/characters/${encodeURIComponent(id)}`),
  messages: (chatId: string) => api.get<Message[]>(`/api/messages/${encodeURIComponent(chatId)}`),
  /** HTTP fallback for a send the socket could not take. */
  postMessage: (chatId: string, content: string, imagePath: string | null = null) =>
    api.post<PostMessageResponse>('/api/messages/', {
      json: { chat_id: chatId, content, image_path: imagePath, is_user: true },
    }),
  firstMessage: (chatId: string) =>
    api.post<{ response: string; message: Message }>('/api/first_message', {
      json: { chat_id: chatId, messages: [] },
    }),
  /** 000 §7: the HTTP fallback of a photo the socket did not take (multipart {file, chat_id[, content]}). */
  analyzeImage: (chatId: string, file: Blob, fileName: string, content: string) => {
    const formData = new FormData();
    formData.append('chat_id', chatId);
    if (content) formData.append('content', content);
    formData.append('file', file, fileName);
    return api.post<{ response: string; image_path: string }>('/api/analyze_image', { formData });
  },
  messageLimits: () => api.get<MessageLimits>('/api/user/message-limits'),
  /** Issue 17: her reply cut short, continued over HTTP (the socket could not take it): as stored after. */
  continueReply: (messageId: string) =>
    api.post<ContinueReplyResponse>(`/api/messages/${encodeURIComponent(messageId)}/continue`),
  /** Issue 14: her failed photo or video asked for again; answers the message, pending again. */
  retryMedia: (messageId: string) => api.post<Message>(retryMediaPath(messageId)),
};

export type ChatApi = typeof chatApi;

/** The chat's companion (header name and avatar): one query options object for the page and the prefetch. */
export function characterQuery(id: string) {
  return {
    queryKey: ['character', id] as const,
    queryFn: () => chatApi.character(id),
    staleTime: 5 * 60_000,
  };
}
