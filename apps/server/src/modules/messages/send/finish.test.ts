import { describe, expect, it } from 'vitest';
import type { MessageRow } from '../../../db/schema/index.ts';
import type { Logger } from '../../../logger.ts';
import { LlmError } from '../../../providers/llm/port.ts';
import { messageRow } from '../../../test/rows.ts';
import type { LiveReply } from '../live-replies.ts';
import type { MessagesRepository } from '../messages.repository.ts';
import { nextSafetyRefusal, SAFETY_REFUSALS } from '../messages.texts.ts';
import { finish } from './finish.ts';
import type { Relayed } from './reply.ts';

const chat = { id: messageRow().chatId, userId: messageRow().userId };
const asked = messageRow({ id: 'm-user', isUser: true, content: 'Привет' });

/** The reply's row as the repository keeps it; `gone` = another instance's recovery removed it. */
function fakes(gone = false) {
  const calls: unknown[][] = [];
  const warned: string[] = [];
  const repo: Pick<
    MessagesRepository,
    'finishReply' | 'finishCutShort' | 'discardReply' | 'insert' | 'lastRefusal'
  > = {
    lastRefusal: async () => undefined,
    finishReply: async (id, content, metadata) => {
      calls.push(['finishReply', id, content, metadata]);
      return gone ? undefined : messageRow({ id, content, metadata: metadata ?? null });
    },
    finishCutShort: async (id, content, metadata) => {
      calls.push(['finishCutShort', id, content, metadata]);
      return gone ? undefined : messageRow({ id, content, metadata });
    },
    discardReply: async (id) => {
      calls.push(['discardReply', id]);
    },
    insert: async (values) => {
      calls.push(['insert', values]);
      return messageRow({ ...values, id: 'm-new' } as Partial<MessageRow>);
    },
  };
  const log: Logger = { info: () => {}, warn: (_obj, msg) => warned.push(msg ?? ''), error: () => {} };
  return { calls, warned, deps: { repo, log } };
}

const live = (sent: string): LiveReply => ({
  id: 'm-her',
  sent,
  shutdown: new AbortController().signal,
  append(chunk: string) {
    this.sent += chunk;
  },
});
const failed = (interrupted: boolean): Relayed => ({
  ok: false,
  error: new LlmError('timeout'),
  interrupted,
});

describe('finishing her reply', () => {
  it('a whole reply: one UPDATE of its row with the text sent', async () => {
    const { calls, warned, deps } = fakes();
    const outcome = await finish(deps, live('Привет, милый'), { ok: true }, chat, asked);
    expect(calls).toEqual([['finishReply', 'm-her', 'Привет, милый', undefined]]);
    expect(outcome).toMatchObject({
      kind: 'replied',
      userMessage: asked,
      reply: { content: 'Привет, милый' },
    });
    expect(warned).toEqual([]);
  });

  it('cut short: kept as partial when the model failed, interrupted when the server shut down, not charged', async () => {
    for (const [interrupted, mark] of [
      [false, { partial: true }],
      [true, { interrupted: true }],
    ] as const) {
      const { calls, warned, deps } = fakes();
      const outcome = await finish(deps, live('Жила-была'), failed(interrupted), chat, asked);
      expect(calls).toEqual([['finishCutShort', 'm-her', 'Жила-была', mark]]);
      expect(outcome).toMatchObject({ kind: 'failed', reply: { content: 'Жила-была', metadata: mark } });
      expect(warned).toEqual(['chat reply failed']);
    }
  });

  it('nothing reached the user: the row is removed and the message given back, no reply', async () => {
    const { calls, deps } = fakes();
    const outcome = await finish(deps, live('  '), failed(false), chat, asked);
    expect(calls).toEqual([['discardReply', 'm-her']]);
    expect(outcome).toMatchObject({ kind: 'failed', reply: null, error: { kind: 'timeout' } });
  });

  it('a row recovered away meanwhile is stored anew, with its mark', async () => {
    const { calls, deps } = fakes(true);
    const outcome = await finish(deps, live('Жила-была'), failed(true), chat, asked);
    expect(calls[1]).toEqual([
      'insert',
      {
        chatId: chat.id,
        userId: asked.userId,
        content: 'Жила-была',
        isUser: false,
        metadata: { interrupted: true },
      },
    ]);
    expect(outcome).toMatchObject({ kind: 'failed', reply: { id: 'm-new' } });
  });
});

describe('her refusals', () => {
  it('two in a row differ, and every one of them comes round', () => {
    const said: string[] = [];
    let last: string | undefined;
    for (let i = 0; i < SAFETY_REFUSALS.length * 2; i++) {
      last = nextSafetyRefusal(last);
      said.push(last);
    }
    for (let i = 1; i < said.length; i++) expect(said[i]).not.toBe(said[i - 1]);
    expect(new Set(said)).toEqual(new Set(SAFETY_REFUSALS));
    expect(nextSafetyRefusal('не её слова')).toBe(SAFETY_REFUSALS[0]);
  });
});
