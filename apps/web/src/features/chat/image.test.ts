import { IMAGE_FALLBACK_TEXT, IMAGE_MAX_BYTES } from '@podruga/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/index.ts';
import { IMAGE_TEXTS, validateImageFile } from './image.ts';
import { needsImageFallback } from './messages.ts';
import { sendImage } from './send.ts';
import { createChatStore } from './store.ts';

const CHAT = 'c1';
const png = (size = 100, name = 'photo.png', type = 'image/png') =>
  new File([new Uint8Array(size)], name, { type });

describe('validateImageFile', () => {
  it('accepts the spec extensions up to 10485760 bytes', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.gif', 'a.webp']) {
      expect(validateImageFile({ name, type: '', size: 10 })).toBeNull();
    }
    expect(validateImageFile({ name: 'a.png', type: 'image/png', size: IMAGE_MAX_BYTES })).toBeNull();
  });

  it('refuses other types and larger files in Russian', () => {
    expect(validateImageFile({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe(
      IMAGE_TEXTS.unsupported,
    );
    expect(validateImageFile({ name: 'a.png', type: 'text/plain', size: 10 })).toBe(IMAGE_TEXTS.unsupported);
    expect(validateImageFile({ name: 'noext', type: 'image/png', size: 10 })).toBe(IMAGE_TEXTS.unsupported);
    expect(validateImageFile({ name: 'a.png', type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe(
      'Файл слишком большой (максимум 10 МБ)',
    );
  });
});

function deps(socketTakes: boolean | null, analyzeImage = vi.fn()) {
  let n = 0;
  const store = createChatStore({
    tempId: () => {
      n += 1;
      return `t${n}`;
    },
  });
  store.getState().reset(CHAT);
  const socket =
    socketTakes === null ? null : { sendImage: vi.fn(async (_p: { client_id: string }) => socketTakes) };
  return {
    store,
    socket,
    api: { analyzeImage, messageLimits: vi.fn() },
    notifyError: vi.fn(),
    previewUrl: () => 'blob:preview',
    readBase64: async () => 'data:image/png;base64,AAAA',
  };
}

describe('sendImage', () => {
  it('shows the preview at once and sends base64 over the socket', async () => {
    const d = deps(true);
    await expect(sendImage(d, CHAT, png(), ' кот ')).resolves.toBe('socket');
    expect(d.socket?.sendImage).toHaveBeenCalledWith({
      content: 'кот',
      image_data: 'data:image/png;base64,AAAA',
      current_chat_id: CHAT,
      client_id: 't1',
    });
    expect(d.store.getState().messages).toMatchObject([
      { id: 't1', sender: 'user', image: 'blob:preview', text: 'кот', pending: true },
    ]);
    expect(d.api.analyzeImage).not.toHaveBeenCalled();
  });

  it('uploads over HTTP when the socket gives no ack, and shows the response', async () => {
    const analyze = vi.fn(async () => ({ response: 'Красивый кот!', image_path: 'u/1.png' }));
    const d = deps(false, analyze);
    await expect(sendImage(d, CHAT, png(), '')).resolves.toBe('http');
    expect(analyze).toHaveBeenCalledWith(CHAT, expect.any(File), 'photo.png', '');
    const messages = d.store.getState().messages;
    expect(messages.map((m) => [m.sender, m.text, m.pending])).toEqual([
      ['user', '', false],
      ['assistant', 'Красивый кот!', false],
    ]);
    expect(d.store.getState().typing).toBe(false);
  });

  it('uploads over HTTP when there is no socket at all', async () => {
    const analyze = vi.fn(async () => ({ response: 'ok', image_path: '' }));
    await expect(sendImage(deps(null, analyze), CHAT, png(), '')).resolves.toBe('http');
    expect(analyze).toHaveBeenCalledOnce();
  });

  it('a failed upload shows the toast and marks the message failed', async () => {
    const d = deps(
      false,
      vi.fn(async () => {
        throw ApiError.network();
      }),
    );
    await expect(sendImage(d, CHAT, png(), '')).resolves.toBe('failed');
    expect(d.notifyError).toHaveBeenCalledWith('Ошибка отправки изображения');
    expect(d.store.getState().messages[0]).toMatchObject({ failed: true, pending: false });
  });

  it('an invalid file is refused before anything is shown', async () => {
    const d = deps(true);
    await expect(sendImage(d, CHAT, png(IMAGE_MAX_BYTES + 1), '')).resolves.toBe('invalid');
    expect(d.notifyError).toHaveBeenCalledWith(IMAGE_TEXTS.tooLarge);
    expect(d.store.getState().messages).toEqual([]);
    expect(d.socket?.sendImage).not.toHaveBeenCalled();
  });
});

describe('the image fallback text (000 §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is added once when a user photo gets no answer in time', () => {
    const store = createChatStore({ imageFallbackMs: 1000 });
    store.getState().reset(CHAT);
    store.getState().addOptimistic('', 'blob:x');
    vi.advanceTimersByTime(999);
    expect(store.getState().messages).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const messages = store.getState().messages;
    expect(messages.at(-1)).toMatchObject({ sender: 'assistant', text: IMAGE_FALLBACK_TEXT });
    expect(store.getState().typing).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(store.getState().messages.filter((m) => m.text === IMAGE_FALLBACK_TEXT)).toHaveLength(1);
    store.getState().dispose();
  });

  it('is not added when the companion answers, nor for a failed photo', () => {
    const store = createChatStore({ imageFallbackMs: 1000 });
    store.getState().reset(CHAT);
    store.getState().addOptimistic('', 'blob:x');
    store.getState().chunk({ chat_id: CHAT, chunk: 'Вижу!', chunk_index: 0, is_complete: true });
    vi.advanceTimersByTime(2000);
    expect(store.getState().messages.some((m) => m.text === IMAGE_FALLBACK_TEXT)).toBe(false);

    const failed = createChatStore({ imageFallbackMs: 1000, tempId: () => 'f1' });
    failed.getState().reset(CHAT);
    failed.getState().addOptimistic('', 'blob:y');
    failed.getState().markFailed('f1');
    vi.advanceTimersByTime(2000);
    expect(failed.getState().messages).toHaveLength(1);
  });

  it('needsImageFallback looks at the last message only', () => {
    const store = createChatStore({ tempId: () => 'p' });
    store.getState().reset(CHAT);
    store.getState().addOptimistic('текст');
    expect(needsImageFallback(store.getState().messages, new Set())).toBe(false);
    store.getState().reset(CHAT);
    store.getState().addOptimistic('', 'blob:z');
    expect(needsImageFallback(store.getState().messages, new Set())).toBe(true);
    expect(needsImageFallback(store.getState().messages, new Set(['p']))).toBe(false);
    store.getState().dispose();
  });
});
