import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../../db/schema/index.ts';
import type { Logger } from '../../../logger.ts';
import { messageRow } from '../../../test/rows.ts';
import type { ChatImage } from '../chat-images.ts';
import { storePhotoTurn } from './store.ts';

const user = { id: 'u-1' } as UserRow;
const chat = { id: messageRow().chatId };
const photo: ChatImage = {
  bytes: Buffer.from('photo'),
  name: 'f00d.jpg',
  contentType: 'image/jpeg',
  vision: { bytes: Buffer.from('small'), contentType: 'image/jpeg' },
};
const turn = { userMessage: messageRow({ isUser: true }), reply: messageRow({ isStreaming: true }) };

/** The ports of the photo path; each may be told to fail. */
function fakes(fail: { allowance?: true; storage?: true; vision?: true; store?: true } = {}) {
  const calls: unknown[][] = [];
  const deps = {
    limits: {
      consumeMessage: async () => {
        calls.push(['consume']);
        return fail.allowance
          ? {
              ok: false as const,
              tier: 'guest' as const,
              limit: 5,
              day: '2026-11-23',
              reset: { hours: 1, minutes: 2 },
            }
          : { ok: true as const, day: '2026-11-23', count: 1, limit: 5, tier: 'guest' as const };
      },
      release: async (...args: unknown[]) => void calls.push(['release', ...args]),
    },
    repo: {
      insertTurn: async (...args: unknown[]) => {
        calls.push(['insertTurn', ...args]);
        return fail.store ? undefined : turn;
      },
    },
    storage: {
      put: async (name: string) => {
        calls.push(['put', name]);
        if (fail.storage) throw new Error('disk full');
      },
    },
    vision: {
      analyze: async () => {
        if (fail.vision) throw new Error('vision down');
        return 'кошка на диване';
      },
    },
    log: { info: () => {}, warn: () => {}, error: () => {} } satisfies Logger,
  };
  return { calls, deps };
}

const message = { content: 'смотри', imagePath: null };

describe('storing a photo message', () => {
  it('takes the allowance, stores the photo, then the message with its description and her reply row', async () => {
    const { calls, deps } = fakes();
    const stored = await storePhotoTurn(deps, user, chat, message, photo, undefined);
    expect(stored).toEqual({ ok: true, day: '2026-11-23', stored: turn });
    expect(calls).toEqual([
      ['consume'],
      ['put', 'f00d.jpg'],
      [
        'insertTurn',
        {
          chatId: chat.id,
          userId: 'u-1',
          content: 'смотри\n[Image: кошка на диване]',
          imagePath: 'f00d.jpg',
        },
        { day: '2026-11-23' },
      ],
    ]);
  });

  it('at the daily limit nothing is stored, not even the photo', async () => {
    const { calls, deps } = fakes({ allowance: true });
    expect(await storePhotoTurn(deps, user, chat, message, photo, undefined)).toMatchObject({ ok: false });
    expect(calls).toEqual([['consume']]);
  });

  it('a vision failure still sends the message, described as a photo', async () => {
    const { calls, deps } = fakes({ vision: true });
    await storePhotoTurn(deps, user, chat, { content: '', imagePath: null }, photo, undefined);
    expect(calls[2]?.[1]).toMatchObject({ content: '[Image: пользователь прислал фотографию]' });
  });

  it('a failure after the allowance was taken gives it back', async () => {
    for (const fail of [{ storage: true }, { store: true }] as const) {
      const { calls, deps } = fakes(fail);
      await expect(storePhotoTurn(deps, user, chat, message, photo, undefined)).rejects.toThrow();
      expect(calls.at(-1)).toEqual(['release', 'u-1', '2026-11-23', 'messages']);
    }
  });
});
