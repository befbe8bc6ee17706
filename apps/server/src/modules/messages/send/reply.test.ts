import { describe, expect, it } from 'vitest';
import { LlmError } from '../../../providers/llm/port.ts';
import type { LiveReply } from '../live-replies.ts';
import type { ReplySink } from './outcome.ts';
import { REPLY_CHECK_WINDOW, relayReply, replyWindow, type StartedReply } from './reply.ts';

/** A model call that yields `deltas`, then ends, fails with `failure`, or waits until cancelled. */
function modelCall(deltas: string[], end: 'done' | { failure: unknown } | 'hang' = 'done') {
  let cancelled!: () => void;
  const cancel = new Promise<void>((resolve) => {
    cancelled = resolve;
  });
  async function* stream() {
    yield* deltas;
    if (end === 'hang') {
      await cancel;
      throw new LlmError('aborted');
    }
    if (end !== 'done') throw end.failure;
  }
  const iterator = stream();
  const call: StartedReply = { deltas: iterator, first: iterator.next(), cancel: cancelled };
  return call;
}

function liveReply() {
  const shutdown = new AbortController();
  const live = {
    id: 'r-1',
    sent: '',
    shutdown: shutdown.signal,
    append(chunk: string) {
      this.sent += chunk;
    },
  } satisfies LiveReply;
  return { live, shutdown };
}

function sink() {
  const chunks: Array<[string, number, boolean]> = [];
  const heard: ReplySink = { ack: () => {}, typingStarted: () => {}, chunk: (...c) => chunks.push(c) };
  return { chunks, heard };
}

describe('relaying her reply', () => {
  it('sends the first text at once and the rest coalesced, marked complete; what was sent is kept', async () => {
    const { live } = liveReply();
    const { chunks, heard } = sink();
    const relayed = await relayReply(modelCall(['При', 'вет', ', милый']), live, heard, { chunkChars: 64 });
    expect(relayed).toEqual({ ok: true });
    expect(chunks).toEqual([
      ['При', 0, false],
      ['вет, милый', 1, true],
    ]);
    expect(live.sent).toBe('Привет, милый');
  });

  it('a failure mid-reply still sends what arrived, and says the model failed', async () => {
    const { live } = liveReply();
    const { chunks, heard } = sink();
    const call = modelCall(['Жила-была', ' принцесса'], { failure: new Error('socket hang up') });
    const relayed = await relayReply(call, live, heard, { chunkChars: 64 });
    expect(chunks.map((c) => c[0]).join('')).toBe('Жила-была принцесса');
    expect(chunks.at(-1)?.[2]).toBe(false);
    expect(live.sent).toBe('Жила-была принцесса');
    expect(relayed).toMatchObject({ ok: false, interrupted: false, error: { kind: 'unavailable' } });
  });

  it('the server shutting down cancels the model call: the reply is interrupted with its text', async () => {
    const { live, shutdown } = liveReply();
    const { chunks, heard } = sink();
    // The model sends a word, then waits: only the shutdown's cancel ends it.
    const relaying = relayReply(modelCall(['Слушай'], 'hang'), live, heard, {});
    shutdown.abort();
    const relayed = await relaying;
    expect(relayed).toMatchObject({ ok: false, interrupted: true, error: { kind: 'aborted' } });
    expect(chunks).toEqual([['Слушай', 0, false]]);
    expect(live.sent).toBe('Слушай');
  });

  it('a chunk the check refuses is not sent; the model is cancelled and the relay ends refused', async () => {
    const { live } = liveReply();
    const { chunks, heard } = sink();
    const refusal = { ok: false, reason: 'minor', detail: 'нет' } as const;
    const seen: string[] = [];
    const check = (text: string) => {
      seen.push(text);
      return text.includes('запрет') ? refusal : ({ ok: true } as const);
    };
    // The model would go on for ever: only the cancel ends it.
    const call = modelCall(['Слушай, ', 'тут ', 'запрет ', 'и дальше'], 'hang');
    const relayed = await relayReply(call, live, heard, { chunkChars: 4 }, check);
    expect(relayed).toEqual({ ok: true, refused: refusal });
    expect(chunks.map((c) => c[0]).join('')).toBe('Слушай, тут ');
    expect(live.sent).toBe('Слушай, тут ');
    // Each chunk is read with the text sent before it.
    expect(seen).toEqual(['Слушай, ', 'Слушай, тут ', 'Слушай, тут запрет ']);
  });

  it('the per-chunk check reads a bounded tail of her reply, from a word boundary', () => {
    expect(replyWindow('коротко')).toBe('коротко');
    const long = `${'слово '.repeat(300)}конец`;
    const tail = replyWindow(long);
    expect(tail.length).toBeLessThanOrEqual(REPLY_CHECK_WINDOW);
    expect(tail.startsWith('слово ')).toBe(true);
    expect(tail.endsWith('конец')).toBe(true);
  });
});
