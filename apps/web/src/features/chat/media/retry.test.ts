import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/api.ts';
import { createChatStore } from '../store.ts';
import { herMediaMessage } from '../testing.ts';
import { MEDIA_RETRY_FAILED, retryHerMedia } from './retry.ts';

const store = createChatStore();
afterEach(() => store.getState().dispose());

function failedPhoto() {
  store.getState().reset('c1', [herMediaMessage('photo', 'failed', { startedAt: '2026-11-22T12:00:00Z' })]);
}

describe('«Повторить» under her failed photo', () => {
  it('asks the server again and shows its answer, pending again, in place', async () => {
    failedPhoto();
    const retryMedia = vi.fn(async () =>
      herMediaMessage('photo', 'pending', { startedAt: '2026-11-22T12:05:00Z' }),
    );
    const notifyError = vi.fn();
    await retryHerMedia(store, 'her-1', { api: { retryMedia }, notifyError });
    expect(retryMedia).toHaveBeenCalledWith('her-1');
    expect(store.getState().messages).toHaveLength(1);
    expect(store.getState().messages[0]?.media).toMatchObject({ status: 'pending', error: null });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('a refusal leaves it failed and says the server’s reason; without one, ours', async () => {
    failedPhoto();
    const notifyError = vi.fn();
    const refused = apiError(429, { detail: 'Фото на сегодня закончились.', code: 'rate_limited' });
    await retryHerMedia(store, 'her-1', {
      api: { retryMedia: async () => Promise.reject(refused) },
      notifyError,
    });
    await retryHerMedia(store, 'her-1', {
      api: { retryMedia: async () => Promise.reject(new Error('boom')) },
      notifyError,
    });
    expect(notifyError.mock.calls).toEqual([['Фото на сегодня закончились.'], [MEDIA_RETRY_FAILED]]);
    expect(store.getState().messages[0]?.media?.status).toBe('failed');
  });
});
