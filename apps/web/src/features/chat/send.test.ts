import type { Message } from '@podruga/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/index.ts';
import { useMediaDialogs } from './mediaDialogs.ts';
import { SEND_FAILED, sendText } from './send.ts';
import { createChatStore } from './store.ts';
import { storedMessage } from './testing.ts';

const CHAT = 'c1';
const msg = (over: Partial<Message>): Message => storedMessage({ chat_id: CHAT, ...over });

function deps(sent: boolean, postMessage = vi.fn()) {
  const store = createChatStore({ tempId: () => 't1' });
  store.getState().reset(CHAT);
  const notifyError = vi.fn();
  const socket = { sendMessage: vi.fn(async () => sent) };
  const api = { postMessage, messageLimits: vi.fn() };
  return { store, socket, api, notifyError };
}

/** The HTTP fallback refusing with `error` (the socket is down in these cases). */
function refusedBy(error: ApiError) {
  return deps(
    false,
    vi.fn(async () => {
      throw error;
    }),
  );
}

describe('sendText', () => {
  it('ignores blank text', async () => {
    const d = deps(true);
    await sendText(d, CHAT, '   \n ');
    expect(d.socket.sendMessage).not.toHaveBeenCalled();
    expect(d.store.getState().messages).toEqual([]);
  });

  it('sends over the socket with the temporary id as client_id', async () => {
    const d = deps(true);
    await sendText(d, CHAT, ' Привет ');
    expect(d.socket.sendMessage).toHaveBeenCalledWith({
      content: 'Привет',
      image_path: null,
      current_chat_id: CHAT,
      client_id: 't1',
    });
    expect(d.api.postMessage).not.toHaveBeenCalled();
  });

  it('falls back to HTTP when the socket is not ready', async () => {
    const post = vi.fn(async () => ({
      user_message: msg({ id: 'u1', is_user: true, content: 'Привет' }),
      reply: msg({ id: 'r1', content: 'И тебе привет' }),
    }));
    const d = deps(false, post);
    await sendText(d, CHAT, 'Привет');
    expect(post).toHaveBeenCalledWith(CHAT, 'Привет');
    expect(d.store.getState().messages.map((m) => [m.id, m.text])).toEqual([
      ['u1', 'Привет'],
      ['r1', 'И тебе привет'],
    ]);
    expect(d.store.getState().typing).toBe(false);
  });

  it('a video asked for below Plus over HTTP opens the video preview after 500 ms (000 §4)', async () => {
    vi.useFakeTimers();
    try {
      const post = vi.fn(async () => ({
        user_message: msg({ id: 'u1', is_user: true, content: 'Пришли видео' }),
        reply: msg({ id: 'r1', content: 'Видео я снимаю только с Plus' }),
        premium_feature: 'video' as const,
      }));
      const d = deps(false, post);
      await sendText(d, CHAT, 'Пришли видео');
      expect(d.store.getState().messages.map((m) => m.id)).toEqual(['u1', 'r1']);
      vi.advanceTimersByTime(499);
      expect(useMediaDialogs.getState().open).toBeNull();
      vi.advanceTimersByTime(1);
      expect(useMediaDialogs.getState().open).toBe('videoPreview');
    } finally {
      useMediaDialogs.getState().close();
      vi.useRealTimers();
    }
  });

  it('shows the rate-limit card on an HTTP 429 and a toast on other failures', async () => {
    const limited = refusedBy(
      ApiError.fromBody(429, {
        detail: 'Daily message limit reached',
        id: 'rl',
        metadata: { show_upgrade_button: true, tier: 'free', reset_hours: 2, reset_minutes: 5 },
        reset_hours: 2,
        reset_minutes: 5,
        user_type: 'free',
        chat_id: CHAT,
      }),
    );
    await sendText(limited, CHAT, 'ещё');
    expect(limited.store.getState().sendingAllowed).toBe(false);
    expect(limited.store.getState().messages.at(-1)?.type).toBe('rate_limit');
    expect(limited.notifyError).not.toHaveBeenCalled();

    const broken = refusedBy(ApiError.network());
    await sendText(broken, CHAT, 'ещё');
    expect(broken.notifyError).toHaveBeenCalledWith(SEND_FAILED);
    // The server was down: the bubble does not look delivered.
    expect(broken.store.getState().messages.at(-1)).toMatchObject({
      text: 'ещё',
      pending: false,
      failed: true,
    });
    expect(broken.store.getState().typing).toBe(false);
  });

  it('a send refused for coming too fast is marked not sent, with the reason, and no limit card', async () => {
    const throttled = refusedBy(
      ApiError.fromBody(429, {
        detail: 'Слишком много сообщений подряд. Подождите несколько секунд и отправьте снова.',
        code: 'send_throttled',
      }),
    );
    await sendText(throttled, CHAT, 'быстро');
    expect(throttled.api.messageLimits).not.toHaveBeenCalled();
    expect(throttled.store.getState().messages).toEqual([
      expect.objectContaining({ text: 'быстро', pending: false, failed: true }),
    ]);
    expect(throttled.store.getState().sendingAllowed).toBe(true);
    expect(throttled.notifyError).toHaveBeenCalledWith(
      'Слишком много сообщений подряд. Подождите несколько секунд и отправьте снова.',
    );
  });
});
