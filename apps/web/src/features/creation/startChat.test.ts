import type { Character, Chat } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/index.ts';
import { type StartChatApi, type StartChatProgress, startChat } from './startChat.ts';
import { COMPANION } from './testing.ts';

const character = COMPANION;

function fakeApi(failAt?: string, error: unknown = new ApiError(500, 'internal', 'Сбой сервера', true)) {
  const calls: string[] = [];
  const step = <T>(name: string, value: T) => {
    calls.push(name);
    return failAt === name ? Promise.reject(error) : Promise.resolve(value);
  };
  const api: StartChatApi = {
    createCharacter: (input) => step(`character:${input.id}`, { id: input.id } as Character),
    createChat: (id, title) => step(`chat:${id}:${title}`, { id: 'chat-1' } as Chat),
    createChatDirectory: (chatId) => step(`directory:${chatId}`, {}),
    saveInitialImage: (_file, name, chatId) =>
      step(`initial:${name}:${chatId}`, { success: true, image_path: 'a' }),
    saveAvatarImage: (_file, name, chatId) =>
      step(`avatar:${name}:${chatId}`, { success: true, image_path: 'b' }),
  };
  return { api, calls };
}

const jpeg = new Blob(['x'], { type: 'image/jpeg' });

describe('startChat (001 §4 "Start chat")', () => {
  it('creates the character, the chat, its folder, then saves the first image and the avatar', async () => {
    const { api, calls } = fakeApi();
    const result = await startChat(api, { character, jpeg, progress: {} });
    expect(result).toEqual({ ok: true, chatId: 'chat-1' });
    expect(calls).toEqual([
      `character:${character.id}`,
      `chat:${character.id}:Chat with Алиса`,
      'directory:chat-1',
      'initial:Алиса_first.jpg:chat-1',
      'avatar:Алиса_first.jpg:chat-1',
    ]);
  });

  it('stops at a failed chat with the Russian wrapper and the server detail, and resumes there', async () => {
    const first = fakeApi(`chat:${character.id}:Chat with Алиса`);
    const progress: StartChatProgress = {};
    const result = await startChat(first.api, { character, jpeg, progress });
    expect(result).toEqual({ ok: false, message: 'Не удалось начать чат: Сбой сервера', paywall: null });
    expect(first.calls).toHaveLength(2);
    expect(progress).toEqual({ characterId: character.id });

    const second = fakeApi();
    const retry = await startChat(second.api, { character, jpeg, progress });
    expect(retry.ok).toBe(true);
    expect(second.calls[0]).toBe(`chat:${character.id}:Chat with Алиса`);
    expect(second.calls).toHaveLength(4);
  });

  it('uses its own text when the server gave no detail', async () => {
    const { api, calls } = fakeApi('directory:chat-1', new Error('boom'));
    const result = await startChat(api, { character, jpeg, progress: {} });
    expect(result).toMatchObject({
      ok: false,
      message: 'Не удалось начать чат: Не удалось сохранить портрет подруги',
    });
    expect(calls).toHaveLength(3);
  });

  it('turns a companion_limit answer into the paywall request', async () => {
    const limit = ApiError.fromBody(403, {
      detail: 'Достигнут лимит подруг',
      code: 'companion_limit',
      paywall_context: 'guest_limit',
      current_count: 1,
      limit: 1,
    });
    const { api, calls } = fakeApi(`character:${character.id}`, limit);
    const result = await startChat(api, { character, jpeg, progress: {} });
    expect(result).toMatchObject({ ok: false, paywall: { context: 'guest_limit', currentCount: 1 } });
    expect(calls).toHaveLength(1);
  });
});
